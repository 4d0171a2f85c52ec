import type { ApiList } from '@sportify/shared-ui';

/** One row of GET /payments/enrolled/{email} (the API returns the caller's own payments only). */
export type EnrolledItem = ApiList<'/payments/enrolled/{email}'>[number];
