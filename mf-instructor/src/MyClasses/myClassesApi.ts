import { api, type ApiResponse } from '@sportify/shared-ui';

export const myClassesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in instructor's classes with status, enrolled count and the admins' feedback. */
    getMyClasses: build.query<ApiResponse<'/classes/user/{email}', 'get'>, string>({
      query: (email) => ({ url: `/classes/user/${encodeURIComponent(email)}` }),
      // LIST so that every class mutation (add, update, review, feedback) refetches it.
      providesTags: (result) => [
        { type: 'Class', id: 'LIST' },
        ...(result ?? []).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
      ],
    }),
  }),
});

export const { useGetMyClassesQuery } = myClassesApi;
