import { api, type ApiResponse } from '@sportify/shared-ui';

// Home's three public reads. The paths are exactly Home's firstReads (src/screens.json), so a cold load reuses
// the responses the browser already fetched while the remote's code was downloading.
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPopularClasses: build.query<ApiResponse<'/classes/popular', 'get'>, void>({
      query: () => ({ url: '/classes/popular' }),
      providesTags: [{ type: 'Class', id: 'LIST' }],
    }),
    getPopularInstructors: build.query<ApiResponse<'/users/popular', 'get'>, void>({
      query: () => ({ url: '/users/popular' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getPublicAdmins: build.query<ApiResponse<'/users/admin', 'get'>, void>({
      query: () => ({ url: '/users/admin' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetPopularClassesQuery, useGetPopularInstructorsQuery, useGetPublicAdminsQuery } = homeApi;
