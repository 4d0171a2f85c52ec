import { api, type ApiResponse } from '@sportify/shared-ui';

// Public instructor list; a promotion elsewhere invalidates the 'User' list and this refetches.
export const instructorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicInstructors: build.query<ApiResponse<'/instructors', 'get'>, void>({
      query: () => ({ url: '/instructors' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetPublicInstructorsQuery } = instructorsApi;
