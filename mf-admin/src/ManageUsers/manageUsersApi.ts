import { api, cleanParams, type ApiResponse, type Paged, type Role, type User } from '@sportify/shared-ui';

export const USERS_PER_PAGE = 20;
/** The role filter's values ('student' = no role; 'all' asks for every user). */
export type RoleFilter = 'student' | Role | 'all';
/** The order of the list (GET /users' `sort`). */
export type UserSort = 'newest' | 'oldest' | 'name';

/** Parameters of GET /users (its paged form). */
export interface UsersQuery {
  q?: string;
  role: RoleFilter;
  sort: UserSort;
  page: number;
}

const promotionUrl: Record<Role, (id: string) => string> = {
  admin: (id) => `/users/admin/${id}`,
  instructor: (id) => `/users/instructors/${id}`,
};

export const manageUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of users (admins only), by role and name or e-mail. */
    getUsers: build.query<Paged<User>, UsersQuery>({
      query: ({ q, role, sort, page }) => ({
        url: '/users',
        params: cleanParams({
          limit: USERS_PER_PAGE,
          q,
          role: role === 'all' ? undefined : role,
          sort,
          page: page > 1 ? page : undefined,
        }),
      }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Make Admin / Make Instructor. */
    promoteUser: build.mutation<
      ApiResponse<'/users/admin/{id}' | '/users/instructors/{id}', 'patch'>,
      { id: string; role: Role }
    >({
      query: ({ id, role }) => ({ url: promotionUrl[role](id), method: 'PATCH' }),
      // Every user list (this one, the public instructor and admin lists) and any cached role check refetch.
      invalidatesTags: ['User', 'Role'],
    }),
  }),
});

export const { useGetUsersQuery, usePromoteUserMutation } = manageUsersApi;
