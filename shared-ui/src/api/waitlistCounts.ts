import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { api } from './api';
import type { ApiResponse } from './contract';

// The demand for classes (their waitlists' lengths), shown to instructors (own classes) and admins next to a
// list of classes; shared because both remotes' class tables show it.
const waitlistCountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaitlistCounts: build.query<ApiResponse<'/waitlist/counts', 'get'>['counts'], string>({
      query: (classIds) => ({ url: '/waitlist/counts', params: { classIds } }),
      transformResponse: (body: ApiResponse<'/waitlist/counts', 'get'>) => body.counts,
      providesTags: [{ type: 'Waitlist', id: 'LIST' }],
    }),
  }),
});

/** How many students wait for each of these classes (undefined until known). */
export function useWaitlistCounts(classes: readonly { _id: string }[] | undefined): Record<string, number> | undefined {
  const ids = useMemo(() => (classes ?? []).map((c) => c._id).join(','), [classes]);
  return waitlistCountsApi.useGetWaitlistCountsQuery(ids || skipToken).currentData;
}
