import type { SessionRole, SessionUser } from '@sportify/shared-ui';
import type { AuthService } from '../auth/authService';
import { fetchRole, tokenClaims, type Read } from '../auth/sessionSync';

/**
 * The session a page is rendered for: the API token's subject, with the role learnt as the browser's session sync
 * does, through the API with that token. Null for no token, an expired one, or one the API refuses (signed out).
 */
export async function sessionFromToken(
  token: string | undefined,
  apiUrl: string,
  signal: AbortSignal,
): Promise<{ user: SessionUser; role: SessionRole } | null> {
  const claims = token ? tokenClaims(token) : null;
  if (!token || !claims || claims.exp * 1000 <= Date.now()) return null;
  const base = apiUrl.replace(/\/+$/, '');
  const read: Read = async <T>(path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` }, signal });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  const role = await fetchRole(claims.sub, read).catch((error: unknown) => {
    if (signal.aborted) throw error;
    return null;
  });
  // The browser fills in the name and photo from the auth provider once it has loaded.
  return role ? { user: { email: claims.sub, displayName: null, photoURL: null }, role } : null;
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
