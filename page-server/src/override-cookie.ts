import type { IncomingMessage, ServerResponse } from 'node:http';
import { overrideOriginProblem } from '@sportify/platform/keys';
import { manifestUrlProblem } from './override-target.js';
import { cookieSignature, sameHex } from './override-signing.js';

export const OVERRIDE_COOKIE = 'sportify_override';
/** The longest an override cookie lasts outside development mode, whatever granted it. */
export const MAX_COOKIE_SECONDS = 12 * 60 * 60;

// The cookie: base64url(JSON { r: remote, u: url, m: mode, e: expiry in unix seconds or 0, and for an admin's
// confirmed override s: digest of the session token, a: digest of its user }) "." signature.
export interface CookieBody {
  r: string;
  u: string;
  m: 'dev' | 'prod';
  e: number;
  s?: string;
  a?: string;
}

/** What a cookie is checked against: this page server's mode, key, remotes and allowed origins, and the time. */
export interface CookieRules {
  devMode: boolean;
  overrideKey?: string;
  remotes: string[];
  origins?: string[];
  now?: () => number;
}

export const modeOf = (devMode: boolean): CookieBody['m'] => (devMode ? 'dev' : 'prod');

export function cookieValue(key: string, body: CookieBody): string {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${cookieSignature(key, OVERRIDE_COOKIE, payload)}`;
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The cookie this browser holds, when this page server's key signed it for this mode and it has not ended. */
export function readCookie(req: IncomingMessage, settings: CookieRules): CookieBody | undefined {
  const value = cookieOf(req, OVERRIDE_COOKIE);
  const key = settings.overrideKey;
  if (!value || !key || value.length > 4000) return undefined;
  const [payload, signature] = value.split('.');
  if (!payload || !signature || !sameHex(signature, cookieSignature(key, OVERRIDE_COOKIE, payload))) return undefined;
  let body: Partial<CookieBody>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<CookieBody>;
  } catch {
    return undefined;
  }
  const now = Math.floor((settings.now ?? Date.now)() / 1000);
  if (body.m !== modeOf(settings.devMode) || typeof body.e !== 'number' || (body.e !== 0 && body.e <= now))
    return undefined;
  // Outside development mode every cookie ends, within the longest lifetime.
  if (!settings.devMode && (body.e === 0 || body.e > now + MAX_COOKIE_SECONDS)) return undefined;
  if (typeof body.r !== 'string' || !settings.remotes.includes(body.r)) return undefined;
  if (typeof body.u !== 'string' || manifestUrlProblem(body.u) || overrideOriginProblem(body.u, settings.origins))
    return undefined;
  return body as CookieBody;
}

export function setCookie(
  res: ServerResponse,
  value: string,
  { devMode, maxAgeSeconds }: { devMode: boolean; maxAgeSeconds?: number },
) {
  // Secure outside development mode, as the session cookie; without a lifetime it ends with the browser.
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(devMode ? [] : ['Secure'])];
  if (maxAgeSeconds !== undefined) attributes.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  res.appendHeader('Set-Cookie', `${OVERRIDE_COOKIE}=${value}; ${attributes.join('; ')}`);
}
