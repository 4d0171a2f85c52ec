import type { ApiList } from '@sportify/shared-ui';

/** One row of GET /classes/selected/{email} (the API returns the caller's own selections only). */
export type SelectedItem = ApiList<'/classes/selected/{email}'>[number];
