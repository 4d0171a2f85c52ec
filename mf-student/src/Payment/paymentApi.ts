import { api, type ApiResponse } from '@sportify/shared-ui';

/**
 * POST /create-payment-intent: the amount is the API's, from the class in the database and the family's choice
 * (in full or the deposit, a code, credit), never one the browser sends.
 */
export type PaymentIntentResponse = ApiResponse<'/create-payment-intent', 'post'>;
export type PriceLine = PaymentIntentResponse['quote']['lines'][number];

/** What the family chose on the page; only what differs from paying in full is sent. */
export interface PaymentChoice {
  plan: 'full' | 'deposit';
  saveCard: boolean;
  useCredit: boolean;
  promoCode?: string;
}
export const PAY_IN_FULL: PaymentChoice = { plan: 'full', saveCard: false, useCredit: false };

export interface IntentRequest {
  selectionId: string;
  choice?: PaymentChoice;
}

const intentBody = ({ selectionId, choice = PAY_IN_FULL }: IntentRequest) => ({
  selectionId,
  ...(choice.plan === 'deposit' ? { plan: choice.plan, saveCard: choice.saveCard } : {}),
  ...(choice.useCredit ? { useCredit: true } : {}),
  ...(choice.promoCode ? { promoCode: choice.promoCode } : {}),
});

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
    createPaymentIntent: build.query<PaymentIntentResponse, IntentRequest>({
      query: (request) => ({ url: '/create-payment-intent', method: 'POST', data: intentBody(request) }),
      keepUnusedDataFor: 0,
    }),
    // Takes a use of the code for this checkout: the server says what it takes off, or why it does not apply.
    applyPromoCode: build.mutation<ApiResponse<'/payments/promo-code', 'post'>, { selectionId: string; code: string }>({
      query: (data) => ({ url: '/payments/promo-code', method: 'POST', data }),
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
  useApplyPromoCodeMutation,
  useConfirmSandboxPaymentMutation,
  useRecordPaymentMutation,
} = paymentApi;
