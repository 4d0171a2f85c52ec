import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Override } from './override-target.js';

// What the override key signs, each use under a key of its own: the override cookie and an admin's confirmation
// (override links are signed by @sportify/platform/keys, which npm run override-link shares).

/** How long an admin's confirmation page may be submitted. */
export const CONFIRM_SECONDS = 10 * 60;

export const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

/** Two hex signatures are the same (in constant time). */
export const sameHex = (a: string, b: string): boolean =>
  /^[0-9a-f]{64}$/.test(a) && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A digest that names a session token or a user without carrying it. */
export const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A key of its own for each use of the override key, so no signature made for one use passes for another. */
const purposeKey = (key: string, purpose: 'cookie' | 'confirm'): string => hmac(key, `sportify-override/${purpose}`);

/** The signature of a cookie's payload, for the cookie named `name`. */
export const cookieSignature = (key: string, name: string, payload: string) =>
  hmac(purposeKey(key, 'cookie'), `${name}\n${payload}`);

/** A confirmation token: good for one session, one remote and URL, until it expires (`<expires>.<hex>`). */
const confirmSignature = (key: string, session: string, override: Override, expires: number) =>
  hmac(purposeKey(key, 'confirm'), [session, override.remote, override.url, expires].join('\n'));

export function confirmToken(key: string, session: string, override: Override, expires: number): string {
  return `${expires}.${confirmSignature(key, session, override, expires)}`;
}

export function confirmTokenValid(
  token: string,
  key: string,
  session: string,
  override: Override,
  now: number,
): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now || expires > now + CONFIRM_SECONDS) return false;
  return sameHex(match[2], confirmSignature(key, session, override, expires));
}
