import { loadHttpClient } from '@sportify/shared-ui';

/**
 * Set while a Logout's `POST /logout` has not gone through: the page server would otherwise keep rendering pages
 * as the user who left. Retried at the next start; the cookie also expires with the token whatever happens.
 */
export const LOGOUT_PENDING_KEY = 'sportify-logout-pending';

let ending: Promise<void> = Promise.resolve();

/**
 * Ends the session on the server (`POST /logout`, public and idempotent): the API revokes the token the session is
 * dropping, sent here as it is already gone from storage, and the cookie's, and clears the cookie. With credentials:
 * a site on another origin than the API would otherwise ignore the answer's cookie. Never rejects: a failure leaves
 * the retry marker.
 */
export function endServerSession(token?: string): Promise<void> {
  localStorage.setItem(LOGOUT_PENDING_KEY, '1');
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  ending = loadHttpClient()
    .then((client) =>
      client.post('/logout', undefined, { withCredentials: true, signOutOnUnauthorized: false, headers }),
    )
    .then(
      () => localStorage.removeItem(LOGOUT_PENDING_KEY),
      (error: unknown) => console.error('Could not end the session on the server; retried at the next start', error),
    );
  return ending;
}

/** The last `POST /logout` has answered (or failed). */
export const serverSessionEnded = (): Promise<void> => ending;

/** A new sign-in's token exchange has set a fresh cookie: an older Logout must not clear it any more. */
export const forgetPendingLogout = (): void => localStorage.removeItem(LOGOUT_PENDING_KEY);

/** At start: a Logout whose call failed is sent again, unless someone has signed in since. */
export function retryPendingLogout(signedIn: boolean): void {
  if (!localStorage.getItem(LOGOUT_PENDING_KEY)) return;
  if (signedIn) forgetPendingLogout();
  else void endServerSession();
}
