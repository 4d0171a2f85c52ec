import { api, cleanParams, type CampClass, type ClassStatus, type Paged } from '@sportify/shared-ui';

export const MY_CLASSES_PER_PAGE = 20;

/** GET /classes/user/{email} in its paged form, optionally one status. */
export interface MyClassesQuery {
  email: string;
  status?: ClassStatus;
  page: number;
}

export const myClassesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in instructor's classes with status, enrolled count and the admins' feedback. */
    getMyClasses: build.query<Paged<CampClass>, MyClassesQuery>({
      query: ({ email, status, page }) => ({
        url: `/classes/user/${encodeURIComponent(email)}`,
        params: cleanParams({ limit: MY_CLASSES_PER_PAGE, status, page: page > 1 ? page : undefined }),
      }),
      // LIST so that every class mutation (add, update, review, feedback) refetches it.
      providesTags: (result) => [
        { type: 'Class', id: 'LIST' },
        ...(result?.items ?? []).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
      ],
    }),
  }),
});

export const { useGetMyClassesQuery } = myClassesApi;
