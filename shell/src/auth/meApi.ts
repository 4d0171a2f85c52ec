import type { SessionRole, SessionUser } from '@sportify/shared-ui';
import type { usersApi as UsersApi, UsersMeApiResponse } from '@sportify/shared-ui/endpoints/users';

export type Me = UsersMeApiResponse;

/**
 * The users module's endpoints, GET /me among them: loaded when a session is read, so a visitor's first view does
 * without them (the screens that list users load the same module with their own code).
 */
const usersApi = () => import(/* webpackChunkName: "users-api" */ '@sportify/shared-ui/endpoints/users');

/**
 * The session as data (GET /me): who the API token (or, in a server render, the session cookie's) belongs to, with
 * the role the API decides with. A 401 is an answer here, not a reason to sign out: every caller decides what no
 * session means.
 */
export const meEndpoint = async (): Promise<(typeof UsersApi)['endpoints']['usersMe']> =>
  (await usersApi()).usersApi.endpoints.usersMe;

/** The session slice's user and role from GET /me; the auth provider's name and photo fill in what the API lacks. */
export function sessionOf(me: Me, fallback?: SessionUser): { user: SessionUser; role: SessionRole } {
  return {
    user: {
      email: me.email,
      displayName: me.displayName ?? fallback?.displayName ?? null,
      photoURL: me.photoURL ?? fallback?.photoURL ?? null,
    },
    role: me.role,
  };
}
