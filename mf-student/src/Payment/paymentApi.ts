import { api, type ApiResponse } from '@sportify/shared-ui';

/** POST /create-payment-intent: the amount is the class price in the database, never one the browser sends. */
export type PaymentIntentResponse = ApiResponse<'/create-payment-intent', 'post'>;

/** The card result, shaped like Stripe's confirmCardPayment so both card forms feed the same flow. */
export interface ConfirmedIntent {
  id: string;
  status: string;
  amount?: number;
  currency?: string;
}

export interface SandboxConfirmRequest {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  billingDetails: BillingDetails;
}

export interface BillingDetails {
  email: string;
  name?: string;
}

/** The payment record of docs/product.md §4; the API trusts only transactionId (and checks id/deleteId against the intent). */
export interface RecordPaymentRequest {
  transactionId: string;
  email: string;
  className: string;
  price: number;
  id: string;
  deleteId: string;
  date: string;
  status: 'service pending';
}

export type RecordPaymentResponse = ApiResponse<'/payments', 'post'>;

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentSelection: build.query<ApiResponse<'/classes/payment/{id}', 'get'>, string>({
      query: (id) => ({ url: `/classes/payment/${encodeURIComponent(id)}` }),
      providesTags: (_result, _error, id) => [{ type: 'Selection', id }],
    }),
    // A query, not a mutation: one intent per selection however often the screen mounts (StrictMode, remounts),
    // and it is dropped as soon as the screen closes so a later visit never reuses a stale secret.
    createPaymentIntent: build.query<PaymentIntentResponse, string>({
      query: (selectionId) => ({ url: '/create-payment-intent', method: 'POST', data: { selectionId } }),
      keepUnusedDataFor: 0,
    }),
    confirmSandboxPayment: build.mutation<ApiResponse<'/payments/sandbox/confirm', 'post'>, SandboxConfirmRequest>({
      query: (data) => ({ url: '/payments/sandbox/confirm', method: 'POST', data }),
    }),
    // Paying takes a seat and removes the selection: selections, enrolments and the class lists all change.
    recordPayment: build.mutation<RecordPaymentResponse, RecordPaymentRequest>({
      query: (data) => ({ url: '/payments', method: 'POST', data }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Selection', id: 'LIST' },
        { type: 'Payment', id: 'LIST' },
        { type: 'Class', id: 'LIST' },
        { type: 'Class', id },
      ],
    }),
  }),
});

export const {
  useGetPaymentSelectionQuery,
  useCreatePaymentIntentQuery,
  useConfirmSandboxPaymentMutation,
  useRecordPaymentMutation,
} = paymentApi;
