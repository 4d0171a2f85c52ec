import type { SessionRole, SessionUser } from '@sportify/shared-ui';
import type { usersMeApi as UsersMeApi, UsersMeApiResponse } from '@sportify/shared-ui/endpoints/users';

export type Me = UsersMeApiResponse;

/** GET /me: loaded when a session is read, so a visitor's first view does without it. */
const usersMeApi = () =>
  import(/* webpackChunkName: "me-api", webpackExports: ["usersMeApi"] */ '@sportify/shared-ui/endpoints/users');

/**
 * The session as data (GET /me): who the API token (or, in a server render, the session cookie's) belongs to, with
 * the role the API decides with. A 401 is an answer here, not a reason to sign out: every caller decides what no
 * session means.
 */
export const meEndpoint = async (): Promise<(typeof UsersMeApi)['endpoints']['usersMe']> =>
  (await usersMeApi()).usersMeApi.endpoints.usersMe;

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
