import { api, type ApiResponse } from '@sportify/shared-ui';

// Home's three public reads (the page server renders Home with them and hands them over to the browser).
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
