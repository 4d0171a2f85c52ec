import { api, type ApiList } from '@sportify/shared-ui';

// Public instructor list; a promotion elsewhere invalidates the 'User' list and this refetches.
export const instructorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicInstructors: build.query<ApiList<'/instructors'>, void>({
      query: () => ({ url: '/instructors' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetPublicInstructorsQuery } = instructorsApi;
