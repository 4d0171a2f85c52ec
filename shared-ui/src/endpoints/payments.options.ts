// What each of the payments module's calls adds to its generated request (payments/<call>.gen.ts): its cache tags.
import type { PaymentsRecordApiArg } from './payments.gen';
import { mutation, query } from './inject';

const LIST = { type: 'Payment' as const, id: 'LIST' };

export const paymentsEnrolled = query({ providesTags: [LIST] });
export const paymentsUnsettled = query();
export const paymentsPartialRefunds = query();
export const paymentsSummary = query();
export const paymentsInstallments = query();
// One intent per selection (or per balance: the API reuses it for the same installments) however often the screen
// mounts, dropped as soon as the screen closes, so a later visit never reuses a stale secret.
export const paymentsCreateIntent = query({ keepUnusedDataFor: 0 });
export const paymentsBalanceIntent = query({ keepUnusedDataFor: 0 });
// Takes (or gives back) a use of a code for this checkout: the server says what it takes off, or why it does not apply.
export const paymentsApplyCode = mutation();
export const paymentsRemoveCode = mutation();
// Applied once to the installments, whoever reports it; the lists and the account change.
export const paymentsRecordBalance = mutation({ invalidatesTags: [LIST] });
// Paying takes a seat and removes the selection: selections, enrolments and the class lists all change.
export const paymentsRecord = mutation<unknown, PaymentsRecordApiArg>({
  invalidatesTags: (_result, _error, { id }) => [
    { type: 'Selection', id: 'LIST' },
    LIST,
    { type: 'Class', id: 'LIST' },
    { type: 'Class', id },
  ],
});
// The API frees the seat and gives back what was paid, to the card or as credit.
export const paymentsCancel = mutation({ invalidatesTags: [LIST, { type: 'Class', id: 'LIST' }] });
export const sandboxConfirm = mutation();
