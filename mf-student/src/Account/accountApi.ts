import { api, type ApiResponse, type Paged } from '@sportify/shared-ui';

export type AccountSummary = ApiResponse<'/account', 'get'>;
export type StatementItem = ApiResponse<'/account/statement', 'get'>['items'][number];

// My Account's calls; a payment or a cancellation invalidates the 'Payment' list, so the balance follows.
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The family's credit and the installments still due. */
    getAccount: build.query<AccountSummary, void>({
      query: () => ({ url: '/account' }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    /** A page of the statement, newest first. */
    getStatement: build.query<Paged<StatementItem>, number>({
      query: (page) => ({ url: '/account/statement', params: page > 1 ? { page } : {} }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    /** A payment's receipt as text (a mutation: fetched on demand, never cached). */
    downloadReceipt: build.mutation<string, string>({
      query: (intentId) => ({ url: `/account/receipts/${encodeURIComponent(intentId)}` }),
    }),
  }),
});

export const { useGetAccountQuery, useGetStatementQuery, useDownloadReceiptMutation } = accountApi;
