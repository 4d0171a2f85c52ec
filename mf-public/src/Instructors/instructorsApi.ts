import { api, cleanParams, type Paged, type PublicPerson } from '@sportify/shared-ui';

export const INSTRUCTORS_PER_PAGE = 24;

/** Parameters of GET /instructors in its paged form: text in the name, and the page. */
export interface InstructorsQuery {
  q?: string;
  page: number;
}

// Public instructor list, a page at a time; a promotion elsewhere invalidates the 'User' list and this refetches.
export const instructorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInstructorsPage: build.query<Paged<PublicPerson>, InstructorsQuery>({
      query: ({ q, page }) => ({
        url: '/instructors',
        params: cleanParams({ q, page: page > 1 ? page : undefined, limit: INSTRUCTORS_PER_PAGE }),
      }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetInstructorsPageQuery } = instructorsApi;
