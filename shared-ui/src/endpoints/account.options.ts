// What each of the account module's calls adds to its generated request (account/<call>.gen.ts): its cache tags. A
// payment or a cancellation invalidates the 'Payment' list, so the credit and the statement follow.
import { mutation, query } from './inject';

const PAYMENTS = [{ type: 'Payment' as const, id: 'LIST' }];

export const accountSummary = query({ providesTags: PAYMENTS });
export const accountStatement = query({ providesTags: PAYMENTS });
// A receipt as text, fetched on demand, never cached.
export const accountReceipt = mutation();
