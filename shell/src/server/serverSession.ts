import type { ApiRequestContext, AppStore, SessionRole, SessionUser } from '@sportify/shared-ui';
import type { AuthService } from '../auth/authService';
import { meEndpoint, sessionOf } from '../auth/meApi';
import { tokenClaims } from '../auth/sessionSync';

/**
 * The session a page is rendered for: GET /me with the session cookie's token, read once into the render's store,
 * which hands it over with the page's other reads. Null for no token, an expired one, or one the API refuses (signed
 * out); then the render's other reads go without it.
 */
export async function readSession(
  store: AppStore,
  context: ApiRequestContext,
  signal: AbortSignal,
): Promise<{ user: SessionUser; role: SessionRole } | null> {
  const claims = context.token ? tokenClaims(context.token) : null;
  if (!claims || claims.exp * 1000 <= Date.now()) {
    context.token = undefined;
    return null;
  }
  const request = store.dispatch((await meEndpoint()).initiate());
  const abort = () => request.abort();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const { data } = await request;
    if (signal.aborted) throw signal.reason;
    if (!data) context.token = undefined;
    return data ? sessionOf(data) : null;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

const unavailable = () => Promise.reject(new Error('Signing in happens in the browser'));

/** The auth provider of a server render: it reports nothing (the session comes from the token) and signs no one in. */
export const serverAuth: AuthService = {
  prepare: () => undefined,
  signInWithEmail: unavailable,
  resendVerification: unavailable,
  signInWithGoogle: unavailable,
  register: unavailable,
  signOut: () => Promise.resolve(),
  onAccountChange: () => () => undefined,
};
