import { api, type ApiResponse, type SessionRole, type SessionUser } from '@sportify/shared-ui';

export type Me = ApiResponse<'/me', 'get'>;

/**
 * The session as data: who the API token (or, in a server render, the session cookie's) belongs to, with the role
 * the API decides with. A 401 is an answer here, not a reason to sign out: every caller decides what no session means.
 */
export const meApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => ({ url: '/me', signOutOnUnauthorized: false }),
      providesTags: ['Role'],
    }),
  }),
});

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
