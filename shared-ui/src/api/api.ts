import { createApi } from '@reduxjs/toolkit/query/react';
import { axiosBaseQuery } from './axiosBaseQuery';

/**
 * The ONE RTK Query api of the site. It has no endpoints of its own: each remote adds its screen's calls with
 * `api.injectEndpoints(...)`, and mutations invalidate these tags so lists refetch ("class cache refreshed").
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery(),
  tagTypes: ['Class', 'User', 'Selection', 'Payment', 'Role', 'Waitlist'],
  // Other users change the same data (an admin approves a class an instructor is looking at), and tags only
  // cover this browser's own writes: show the cached list at once and refresh it whenever a screen mounts.
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

export type Api = typeof api;
