// What each of the users module's calls adds to its generated request (users/<call>.gen.ts): its cache tags.
import { mutation, query } from './inject';

const USERS = [{ type: 'User' as const, id: 'LIST' }];

export const usersList = query({ providesTags: USERS });
export const usersAdmins = query({ providesTags: USERS });
export const usersPopular = query({ providesTags: USERS });
export const instructorsList = query({ providesTags: USERS });
// A 401 is an answer here, not a reason to sign out: every caller decides what no session means.
export const usersMe = query({ providesTags: ['Role'], extraOptions: { signOutOnUnauthorized: false } });
// Every user list (Manage Users, the public instructor and admin lists) and the session's role refetch.
export const usersMakeAdmin = mutation({ invalidatesTags: ['User', 'Role'] });
export const usersMakeInstructor = mutation({ invalidatesTags: ['User', 'Role'] });
// The profile (name and photo): the session and every list that shows people.
export const usersUpdateMe = mutation({ invalidatesTags: ['User', 'Role'] });
