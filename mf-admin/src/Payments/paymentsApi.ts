import { api, cleanParams, type ApiResponse } from '@sportify/shared-ui';

export const UNSETTLED_PER_PAGE = 20;

export type PartialRefundList = ApiResponse<'/payments/partial-refunds', 'get'>;
export type PartialRefund = PartialRefundList['items'][number];
/** GET /payments/unsettled answers a page when asked with `page`/`limit`, which this screen always does. */
export type UnsettledPage = Extract<ApiResponse<'/payments/unsettled', 'get'>, { total: number }>;
export type Unsettled = UnsettledPage['items'][number];

export type PaymentsSummary = ApiResponse<'/payments/summary', 'get'>;
export type InstallmentPage = ApiResponse<'/payments/installments', 'get'>;
export type InstallmentItem = InstallmentPage['items'][number];

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Recorded payments partly refunded at the provider (admins only), newest first, at most 200. */
    getPartialRefunds: build.query<PartialRefundList, void>({
      query: () => ({ url: '/payments/partial-refunds' }),
    }),
    /** A page of the intents reconciliation has not settled yet (admins only), oldest first. */
    getUnsettled: build.query<UnsettledPage, { page: number }>({
      query: ({ page }) => ({
        url: '/payments/unsettled',
        params: cleanParams({ limit: UNSETTLED_PER_PAGE, page: page > 1 ? page : undefined }),
      }),
    }),
    /** Card money collected, installments scheduled and money refunded in the current month (camp time). */
    getPaymentsSummary: build.query<PaymentsSummary, void>({
      query: () => ({ url: '/payments/summary' }),
    }),
    /** Installments due in the next 14 days, or those that failed, with the family and the class. */
    getInstallments: build.query<InstallmentPage, 'upcoming' | 'failed'>({
      query: (which) => ({ url: '/payments/installments', params: { which, limit: 60 } }),
    }),
  }),
});

export const { useGetPartialRefundsQuery, useGetUnsettledQuery, useGetPaymentsSummaryQuery, useGetInstallmentsQuery } =
  paymentsApi;
