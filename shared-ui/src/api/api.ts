import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { axiosBaseQuery } from './axiosBaseQuery';

/**
 * The ONE RTK Query api of the site. It has no endpoints of its own: each remote adds its screen's calls with
 * `api.injectEndpoints(...)`, and mutations invalidate these tags so lists refetch ("class cache refreshed").
 */
// A server render has no effects: there the query hooks start their requests while rendering, so the page server can
// wait for them (getRunningQueriesThunk) and render again with the data.
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

const TAG_TYPES = ['Class', 'User', 'Selection', 'Payment', 'Role', 'Waitlist'] as const;
export type ApiTagType = (typeof TAG_TYPES)[number];

export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery(),
  tagTypes: TAG_TYPES,
  // Other users change the same data (an admin approves a class an instructor is looking at), and tags only
  // cover this browser's own writes: show the cached list at once and refresh it whenever a screen mounts (except
  // the data a server render handed over, while the page hydrates: store.ts).
  // A server render reads each query once, however many times it renders the page.
  refetchOnMountOrArgChange: typeof window !== 'undefined',
  endpoints: () => ({}),
});

export type Api = typeof api;
