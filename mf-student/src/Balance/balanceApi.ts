import { api, type ApiResponse } from '@sportify/shared-ui';

export type BalanceIntent = ApiResponse<'/payments/{id}/balance', 'post'>;

export const balanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query, not a mutation: one intent for the installments left however often the screen mounts; the API
    // reuses it for the same installments, and computes the amount.
    openBalance: build.query<BalanceIntent, string>({
      query: (paymentId) => ({ url: `/payments/${encodeURIComponent(paymentId)}/balance`, method: 'POST' }),
      keepUnusedDataFor: 0,
    }),
    // Applied once to the installments, whoever reports it; the lists and the account change.
    recordBalance: build.mutation<ApiResponse<'/payments/balance', 'post'>, string>({
      query: (transactionId) => ({ url: '/payments/balance', method: 'POST', data: { transactionId } }),
      invalidatesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useOpenBalanceQuery, useRecordBalanceMutation } = balanceApi;
