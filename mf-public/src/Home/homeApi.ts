import { api, type CampClass, type User } from '@sportify/shared-ui';

/** Item of the public people lists (GET /users/popular, GET /users/admin). */
export type PublicPerson = Pick<User, '_id' | 'userName' | 'userPhoto' | 'email'>;

// Home's three public reads. The paths are exactly the shell's prefetch hints (routeTable), so a cold load reuses
// the responses the browser already fetched while the remote's code was downloading.
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPopularClasses: build.query<CampClass[], void>({
      query: () => ({ url: '/classes/popular' }),
      providesTags: [{ type: 'Class', id: 'LIST' }],
    }),
    getPopularInstructors: build.query<PublicPerson[], void>({
      query: () => ({ url: '/users/popular' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    getPublicAdmins: build.query<PublicPerson[], void>({
      query: () => ({ url: '/users/admin' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetPopularClassesQuery, useGetPopularInstructorsQuery, useGetPublicAdminsQuery } = homeApi;
