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

/** A GET of the API answering its JSON body; rejects on any failure. */
export type Read = <T>(path: string) => Promise<T>;

/** GETs through the shared client: its token, and its logout on a 401/403. */
const readWithClient: Read = async <T>(path: string) => (await (await loadHttpClient()).get<T>(path)).data;

/** Admin check, instructor check; neither means student (docs/product.md §6). */
export async function fetchRole(email: string, read: Read = readWithClient): Promise<SessionRole> {
  const encoded = encodeURIComponent(email);
  const [admin, instructor] = await Promise.all([
    read<ApiResponse<'/users/admin/{email}', 'get'>>(`/users/admin/${encoded}`),
    read<ApiResponse<'/users/instructors/{email}', 'get'>>(`/users/instructors/${encoded}`),
  ]);
  if (admin.admin) return 'admin';
  if (instructor.instructor) return 'instructor';
  return 'student';
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

/** A saved token this close to its expiry is not resumed: the provider's fresh one is on its way anyway. */
const RESUME_MARGIN_MS = 60_000;

/**
 * After a resume the provider only confirms the sign-in and refreshes the token: it loads once the first screen
 * has had the network and the main thread to itself (then at the browser's next idle moment).
 */
const PROVIDER_AFTER_RESUME_MS = 2_000;

function afterFirstScreen(task: () => void, delayMs: number) {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: delayMs });
    else task();
  }, delayMs);
}

/**
 * The role checks with a saved token: any failure (expired, revoked, API down) answers null, and a 401 does not
 * sign out (the provider may still have the sign-in). The caller then waits for the provider as usual.
 */
async function roleWithSavedToken(email: string, token: string): Promise<SessionRole | null> {
  const read: Read = async <T>(path: string) => {
    const httpClient = await loadHttpClient();
    const config = { headers: { Authorization: `Bearer ${token}` }, signOutOnUnauthorized: false };
    return (await httpClient.get<T>(path, config)).data;
  };
  return fetchRole(email, read).catch(() => null);
}

/**
 * Keeps the session slice in step with the auth provider: on sign-in get and store the API token, derive the
 * role, clear the loading flag; on sign-out remove the token. Returns the unsubscribe function.
 *
 * With `resume` (the provider has a saved sign-in), a return visit does not wait for the provider to load: if the
 * API token of the last visit is still valid for the user last shown, the role checks run with it at once and the
 * session shows that user, and the provider starts loading only after the first screen (`providerDelayMs`).
 * Otherwise it starts at once. Its report follows as before (fresh token, role), without a loading state for the
 * same user, and signs out if the saved sign-in is gone.
 */
export function startSessionSync(
  auth: AuthService,
  dispatch: AppDispatch,
  {
    resume = false,
    providerDelayMs = PROVIDER_AFTER_RESUME_MS,
    shown = null,
  }: {
    resume?: boolean;
    providerDelayMs?: number;
    /** The user the page already shows (a server render's session): resumed without asking the API again. */
    shown?: SessionUser | null;
  } = {},
): () => void {
  let generation = 0;
  let shownEmail: string | null = shown?.email ?? null;
  let signedOutLast = false;
  const show = (user: SessionUser, role: SessionRole) => {
    shownEmail = user.email;
    savedUser.set(user);
    dispatch(signedIn({ user, role }));
  };
  const hide = () => {
    shownEmail = null;
    savedUser.clear();
    // Whoever had a token may have the page server's cookie too: clear it first (it cannot be seen from here), and
    // have the API revoke the token.
    const token = tokenStorage.get();
    if (token) void endServerSession(token);
    tokenStorage.clear();
    dispatch(signedOut());
  };
  retryPendingLogout(tokenStorage.get() !== null);

  /** Shows the saved session if its token still works; true if it did. */
  const resumeSaved = async (): Promise<boolean> => {
    const token = tokenStorage.get();
    const user = savedUser.get();
    const claims = token ? tokenClaims(token) : null;
    // The API's subject is the e-mail in lower case (CONVENTIONS.md).
    if (!token || !user || claims?.sub !== user.email.toLowerCase()) return false;
    if (claims.exp * 1000 < Date.now() + RESUME_MARGIN_MS) return false;
    const started = generation;
    const role = await roleWithSavedToken(user.email, token);
    if (!role || started !== generation) return false; // refused, or the provider has reported meanwhile
    show(user, role);
    return true;
  };
  if (resume && shown) afterFirstScreen(() => auth.prepare(), providerDelayMs);
  else if (resume) {
    void resumeSaved().then((resumed) =>
      resumed ? afterFirstScreen(() => auth.prepare(), providerDelayMs) : auth.prepare(),
    );
  }

  return auth.onAccountChange(async (account) => {
    const current = ++generation;
    signedOutLast = !account;
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
      const role = await fetchRole(account.email);
      if (current !== generation) return; // a newer sign-in/out won the race
      const { email, displayName, photoURL } = account;
      show({ email, displayName, photoURL }, role);
    } catch (error) {
      // Without an API token the account is unusable here: sign out rather than leave a spinner.
      console.error('Could not start the session', error);
      if (current !== generation) return;
      hide();
      await auth.signOut().catch((logoutError: unknown) => console.error('Logout failed', logoutError));
    }
  });
}
