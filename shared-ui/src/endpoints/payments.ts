// The payments module's calls (the card's intent and its confirmation, recording and cancelling a payment, a
// student's enrolments, the admins' payment lists), with their cache tags. Generated requests: payments.gen.ts.
import { paymentsEndpoints } from './payments.gen';

const LIST = { type: 'Payment' as const, id: 'LIST' };

export const paymentsApi = paymentsEndpoints.enhanceEndpoints({
  endpoints: {
    paymentsEnrolled: { providesTags: [LIST] },
    // One intent per selection however often the screen mounts, dropped as soon as the screen closes, so a later
    // visit never reuses a stale secret.
    paymentsCreateIntent: { keepUnusedDataFor: 0 },
    // Paying takes a seat and removes the selection: selections, enrolments and the class lists all change.
    paymentsRecord: {
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Selection', id: 'LIST' },
        LIST,
        { type: 'Class', id: 'LIST' },
        { type: 'Class', id },
      ],
    },
    // The API refunds the full price and frees the seat.
    paymentsCancel: { invalidatesTags: [LIST, { type: 'Class', id: 'LIST' }] },
  },
});

export * from './payments.gen';
