import {
  loadHttpClient,
  type ApiResponse,
  sessionLoading,
  signedIn,
  signedOut,
  tokenStorage,
  type AppDispatch,
  type SessionRole,
  type SessionUser,
} from '@sportify/shared-ui';
import type { AuthAccount, AuthService } from './authService';
import { meEndpoint, sessionOf, type Me } from './meApi';
import { registerPending } from './registerUser';
import { endServerSession, forgetPendingLogout, retryPendingLogout } from './serverSession';

/**
 * POST /jwt with the provider's ID token (CONVENTIONS.md auth contract) -> the API's own token. Its answer also
 * sets the page server's session cookie; with credentials, so that it does on an API origin of its own too.
 */
async function exchangeToken(account: AuthAccount): Promise<string> {
  const idToken = await account.getIdToken();
  const httpClient = await loadHttpClient();
  const { data } = await httpClient.post<ApiResponse<'/jwt', 'post'>>(
    '/jwt',
    { email: account.email },
    { headers: { Authorization: `Bearer ${idToken}` }, withCredentials: true },
  );
  return data.token;
}

/** GET /me with the stored token: the API's word on who is signed in and with which role. Rejects on any failure. */
async function readMe(dispatch: AppDispatch): Promise<Me> {
  return dispatch((await meEndpoint()).initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
}

/** The user the session last showed (name and photo for the navbar), kept for the next visit's resume. */
export const SAVED_USER_KEY = 'sportify-session-user';

const savedUser = {
  get(): SessionUser | null {
    try {
      const user = JSON.parse(localStorage.getItem(SAVED_USER_KEY) ?? 'null') as Partial<SessionUser> | null;
      if (!user || typeof user.email !== 'string') return null;
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return { email: user.email, displayName: text(user.displayName), photoURL: text(user.photoURL) };
    } catch {
      return null;
    }
  },
  set: (user: SessionUser) => localStorage.setItem(SAVED_USER_KEY, JSON.stringify(user)),
  clear: () => localStorage.removeItem(SAVED_USER_KEY),
};

/**
 * The API token's subject and expiry (seconds), read without checking its signature: only to decide whether it
 * is worth trying. The API checks it on every call.
 */
export function tokenClaims(token: string): { sub: string; exp: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { sub?: unknown; exp?: unknown };
    return typeof claims.sub === 'string' && typeof claims.exp === 'number'
      ? { sub: claims.sub, exp: claims.exp }
      : null;
  } catch {
    return null;
  }
}

/**
 * The API token is renewed (through the provider) this long before it expires; a stored token this close to its
 * expiry is not resumed either: the provider's fresh one comes at once instead.
 */
const RENEW_BEFORE_EXPIRY_MS = 2 * 60_000;

/**
 * Keeps the session slice in step with the auth provider: on sign-in get and store the API token, read the session
 * (GET /me), clear the loading flag; on sign-out remove the token. Returns the unsubscribe function.
 *
 * The provider (Firebase, the largest part of the shell) is loaded only to sign in, to sign out, or to renew the API
 * token shortly before it expires. A page the server rendered signed in (`shown`, from the session it handed over)
 * whose stored token is valid for that user needs none of it: no token exchange, no read of the session.
 *
 * With `resume` and no such page (the provider has a saved sign-in), a return visit does not wait for the provider:
 * if the API token of the last visit is still valid for the user last shown, GET /me runs with it at once and the
 * session shows that user. Otherwise the provider loads at once; its report follows as before (fresh token,
 * session), without a loading state for the same user, and signs out if the saved sign-in is gone.
 */
export function startSessionSync(
  auth: AuthService,
  dispatch: AppDispatch,
  {
    resume = false,
    shown = null,
  }: {
    resume?: boolean;
    /** The user the page already shows (a server render's session): kept without asking the API again. */
    shown?: SessionUser | null;
  } = {},
): () => void {
  let generation = 0;
  let shownEmail: string | null = shown?.email ?? null;
  let signedOutLast = false;
  /** The provider's last report of a signed-in account: a renewal exchanges its token again. */
  let lastAccount: AuthAccount | null = null;
  let renewal: ReturnType<typeof setTimeout> | undefined;
  /** Before the stored token expires, a fresh one (through the provider, loaded for it if need be). */
  const renewBeforeExpiry = (token: string) => {
    clearTimeout(renewal);
    const claims = tokenClaims(token);
    if (!claims) return;
    const renew = () => (lastAccount ? void onAccount(lastAccount) : auth.prepare());
    const left = claims.exp * 1000 - Date.now();
    // Halfway at the latest: a token that lives less than the margin is not renewed over and over.
    renewal = setTimeout(renew, Math.max(left - RENEW_BEFORE_EXPIRY_MS, left / 2));
  };
  const show = (user: SessionUser, role: SessionRole) => {
    shownEmail = user.email;
    savedUser.set(user);
    dispatch(signedIn({ user, role }));
  };
  const hide = () => {
    shownEmail = null;
    clearTimeout(renewal);
    savedUser.clear();
    // Whoever had a token may have the page server's cookie too: clear it first (it cannot be seen from here), and
    // have the API revoke the token.
    const token = tokenStorage.get();
    if (token) void endServerSession(token);
    tokenStorage.clear();
    dispatch(signedOut());
  };
  retryPendingLogout(tokenStorage.get() !== null);

  /** The stored token, if it is valid for `user` for a while yet. */
  const tokenFor = (user: SessionUser | null): string | null => {
    const token = tokenStorage.get();
    const claims = token ? tokenClaims(token) : null;
    // The API's subject is the e-mail in lower case (CONVENTIONS.md).
    if (!token || !user || claims?.sub !== user.email.toLowerCase()) return null;
    return claims.exp * 1000 < Date.now() + RENEW_BEFORE_EXPIRY_MS ? null : token;
  };

  /** Shows the saved session if its token still works; true if it did. */
  const resumeSaved = async (): Promise<boolean> => {
    const saved = savedUser.get();
    const token = tokenFor(saved);
    if (!token || !saved) return false;
    const started = generation;
    const me = await readMe(dispatch).catch(() => null);
    if (!me || started !== generation) return false; // refused, or the provider has reported meanwhile
    show(sessionOf(me, saved).user, me.role);
    renewBeforeExpiry(token);
    return true;
  };

  const onAccount = async (account: AuthAccount | null) => {
    const current = ++generation;
    signedOutLast = !account;
    lastAccount = account;
    if (!account) {
      hide();
      return;
    }
    // The same user already shown (resumed): refresh quietly rather than blank the page behind a spinner.
    // (The API's token names the e-mail in lower case; the provider keeps its case.)
    if (account.email.toLowerCase() !== shownEmail?.toLowerCase()) dispatch(sessionLoading());
    try {
      const token = await exchangeToken(account);
      // A sign-out (or another sign-in) while the exchange was on its way: its token must not come back, nor the
      // cookie its answer set (unless a newer sign-in sets its own).
      if (current !== generation) {
        if (signedOutLast) void endServerSession(token);
        return;
      }
      tokenStorage.set(token);
      forgetPendingLogout();
      // A sign-up whose profile waited for the e-mail's verification: registered now, or at the next sign-in.
      await registerPending(account.email).catch((error: unknown) =>
        console.error('Could not register the profile kept at sign-up', error),
      );
      const me = await readMe(dispatch);
      if (current !== generation) return; // a newer sign-in/out won the race
      const session = sessionOf(me, account);
      show(session.user, session.role);
      renewBeforeExpiry(token);
    } catch (error) {
      // Without an API token the account is unusable here: sign out rather than leave a spinner.
      console.error('Could not start the session', error);
      if (current !== generation) return;
      hide();
      await auth.signOut().catch((logoutError: unknown) => console.error('Logout failed', logoutError));
    }
  };

  if (shown) {
    // The handed-over GET /me is taken up (the page's other reads refresh on mount again once all are): no request.
    void meEndpoint().then((me) => dispatch(me.initiate(undefined, { subscribe: false })));
    const token = tokenFor(shown);
    if (token) {
      savedUser.set(shown);
      renewBeforeExpiry(token);
    } else if (resume) auth.prepare(); // a token expiring now, or none: the provider gives a fresh one
  } else if (resume) void resumeSaved().then((resumed) => resumed || auth.prepare());

  const unsubscribe = auth.onAccountChange((account) => void onAccount(account));
  return () => {
    clearTimeout(renewal);
    unsubscribe();
  };
}
