// What each of the live module's calls adds to its generated request (live/<call>.gen.ts). The stream itself is
// opened with EventSource, not through the api; its generated call is there for the contract.
import { mutation, query } from './inject';

export const liveTicket = mutation();
export const liveStream = query();
