// What each of the payments module's calls adds to its generated request (payments/<call>.gen.ts): its cache tags.
import type { PaymentsRecordApiArg } from './payments.gen';
import { mutation, query } from './inject';

const LIST = { type: 'Payment' as const, id: 'LIST' };

export const paymentsEnrolled = query({ providesTags: [LIST] });
export const paymentsUnsettled = query();
export const paymentsPartialRefunds = query();
// One intent per selection however often the screen mounts, dropped as soon as the screen closes, so a later visit
// never reuses a stale secret.
export const paymentsCreateIntent = query({ keepUnusedDataFor: 0 });
// Paying takes a seat and removes the selection: selections, enrolments and the class lists all change.
export const paymentsRecord = mutation<unknown, PaymentsRecordApiArg>({
  invalidatesTags: (_result, _error, { id }) => [
    { type: 'Selection', id: 'LIST' },
    LIST,
    { type: 'Class', id: 'LIST' },
    { type: 'Class', id },
  ],
});
// The API refunds the full price and frees the seat.
export const paymentsCancel = mutation({ invalidatesTags: [LIST, { type: 'Class', id: 'LIST' }] });
export const sandboxConfirm = mutation();
