// The users module's calls (GET /me, the user lists, promotions), with their cache tags. Generated requests:
// users.gen.ts (`npm run contract`); this file adds what the contract does not say, once.
import { usersEndpoints } from './users.gen';

const USERS = [{ type: 'User' as const, id: 'LIST' }];

export const usersApi = usersEndpoints.enhanceEndpoints({
  endpoints: {
    // A 401 is an answer here, not a reason to sign out: every caller decides what no session means.
    usersMe: { providesTags: ['Role'], extraOptions: { signOutOnUnauthorized: false } },
    usersList: { providesTags: USERS },
    usersAdmins: { providesTags: USERS },
    usersPopular: { providesTags: USERS },
    instructorsList: { providesTags: USERS },
    // Every user list (Manage Users, the public instructor and admin lists) and the session's role refetch.
    usersMakeAdmin: { invalidatesTags: ['User', 'Role'] },
    usersMakeInstructor: { invalidatesTags: ['User', 'Role'] },
  },
});

export * from './users.gen';
