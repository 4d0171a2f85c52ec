import type { IncomingMessage } from 'node:http';
import { sessionToken } from './render.js';

// Who a session is, as far as the page server needs to know for overrides: the API decides.

/** The e-mail an API token names (its `sub`), read without checking it: the API checks the token. */
export function tokenSubject(token: string): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the session cookie's user is an admin, as the API says with that token. */
export async function isAdmin(req: IncomingMessage, apiUrl: string | undefined): Promise<boolean> {
  const token = sessionToken(req);
  const email = token && tokenSubject(token);
  if (!apiUrl || !token || !email) return false;
  try {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/users/admin/${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return false;
    return ((await response.json()) as { admin?: unknown }).admin === true;
  } catch {
    return false;
  }
}
