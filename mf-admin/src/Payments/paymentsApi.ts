import type { ApiResponse } from '@sportify/shared-ui';

export const UNSETTLED_PER_PAGE = 20;

export type PartialRefundList = ApiResponse<'/payments/partial-refunds', 'get'>;
export type PartialRefund = PartialRefundList['items'][number];
/** GET /payments/unsettled answers a page when asked with `page`/`limit`, which this screen always does. */
export type UnsettledPage = Extract<ApiResponse<'/payments/unsettled', 'get'>, { total: number }>;
export type Unsettled = UnsettledPage['items'][number];
