import { api, type ApiResponse, type Role } from '@sportify/shared-ui';

const promotionUrl: Record<Role, (id: string) => string> = {
  admin: (id) => `/users/admin/${id}`,
  instructor: (id) => `/users/instructors/${id}`,
};

export const manageUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every user (admins only); the screen keeps the ones without a role. */
    getUsers: build.query<ApiResponse<'/users', 'get'>, void>({
      query: () => ({ url: '/users' }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** Make Admin / Make Instructor. */
    promoteUser: build.mutation<ApiResponse<'/users/admin/{id}' | '/users/instructors/{id}', 'patch'>, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: promotionUrl[role](id), method: 'PATCH' }),
      // Every user list (this one, the public instructor and admin lists) and any cached role check refetch.
      invalidatesTags: ['User', 'Role'],
    }),
  }),
});

export const { useGetUsersQuery, usePromoteUserMutation } = manageUsersApi;
