// What each of the waitlist module's calls adds to its generated request (waitlist/<call>.gen.ts): its cache tags.
import { mutation, query } from './inject';

const LIST = { type: 'Waitlist' as const, id: 'LIST' };

export const waitlistPlaces = query({ providesTags: [LIST] });
export const waitlistCounts = query({ providesTags: [LIST] });
export const waitlistJoin = mutation({ invalidatesTags: [LIST] });
// Leaving declines a seat held meanwhile, which leaves My Selected Classes.
export const waitlistLeave = mutation({ invalidatesTags: [LIST, { type: 'Selection', id: 'LIST' }] });
