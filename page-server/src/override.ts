import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { plain } from './serve.js';
import { sessionToken } from './render.js';
import type { Site } from './site.js';

// One remote from elsewhere (a developer's dev server) in place of its live release, for one browser: set by
// `/__sportify/override`, kept in a cookie the page server signs, applied to that browser's pages and config.json.

export const OVERRIDE_PATH = '/__sportify/override';
export const OVERRIDE_COOKIE = 'sportify_override';
/** The operators' key in development mode when SPORTIFY_OPS_KEY is unset (the API has the same default). */
export const DEV_OPS_KEY = 'sportify-dev-only-ops-key-change-me-in-production';
/** How long an admin's override lasts in production mode (a signed link's lasts until the link expires). */
const ADMIN_OVERRIDE_SECONDS = 12 * 60 * 60;

/** A remote's manifest URL taken from elsewhere, for one browser. */
export interface Override {
  remote: string;
  url: string;
}

export interface OverrideSettings {
  devMode: boolean;
  /** SPORTIFY_OPS_KEY; without a usable one, production mode allows no override. */
  opsKey?: string;
  /** Federation names of the site's remotes. */
  remotes: string[];
  /** Where the API is (SPORTIFY_API_URL): the admin check asks it who the session's user is. */
  apiUrl?: string;
  now?: () => number;
}

/**
 * The key that signs links and cookies. Production mode takes only a key of 32 characters or more that is not the
 * published development default (anyone could sign with that one).
 */
export function opsKeyOf(env: NodeJS.ProcessEnv, devMode: boolean): string | undefined {
  const key = env.SPORTIFY_OPS_KEY;
  if (devMode) return key || DEV_OPS_KEY;
  return key && key.length >= 32 && key !== DEV_OPS_KEY ? key : undefined;
}

const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

const sameHex = (a: string, b: string): boolean =>
  /^[0-9a-f]{64}$/.test(a) && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The signature of an override link (the contract's form, so any tool holding the key can make one). */
export const linkSignature = (key: string, remote: string, url: string, expires: number): string =>
  hmac(key, `${remote}\n${url}\n${expires}`);

/** Why a manifest URL cannot be an override, or undefined when it can. */
export function manifestUrlProblem(url: string): string | undefined {
  if (url.length > 2000) return 'The manifest URL is longer than 2000 characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The manifest URL is not an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The manifest URL must be http(s)';
  if (parsed.username || parsed.password) return 'The manifest URL must not carry a user name or password';
  if (!parsed.pathname.endsWith('/mf-manifest.json')) return 'The manifest URL must end with mf-manifest.json';
  if (parsed.href !== url) return `The manifest URL is not in its normal form (${parsed.href})`;
  return undefined;
}

// The cookie: base64url(JSON { r: remote, u: url, m: mode, e: expiry in unix seconds or 0 }) "." signature.
interface CookieBody {
  r: string;
  u: string;
  m: 'dev' | 'prod';
  e: number;
}

const modeOf = (devMode: boolean): CookieBody['m'] => (devMode ? 'dev' : 'prod');
const cookieSignature = (key: string, payload: string) => hmac(key, `${OVERRIDE_COOKIE}\n${payload}`);

function cookieValue(key: string, body: CookieBody): string {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${cookieSignature(key, payload)}`;
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The override this request's browser holds: a cookie this page server's key signed, for this mode, not expired,
 * naming a remote of the site and a valid manifest URL. Anything else is no override.
 */
export function readOverride(req: IncomingMessage, settings: OverrideSettings): Override | undefined {
  const value = cookieOf(req, OVERRIDE_COOKIE);
  const key = settings.opsKey;
  if (!value || !key || value.length > 4000) return undefined;
  const [payload, signature] = value.split('.');
  if (!payload || !signature || !sameHex(signature, cookieSignature(key, payload))) return undefined;
  let body: Partial<CookieBody>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<CookieBody>;
  } catch {
    return undefined;
  }
  const now = Math.floor((settings.now ?? Date.now)() / 1000);
  if (body.m !== modeOf(settings.devMode) || typeof body.e !== 'number' || (body.e !== 0 && body.e <= now))
    return undefined;
  if (typeof body.r !== 'string' || !settings.remotes.includes(body.r)) return undefined;
  if (typeof body.u !== 'string' || manifestUrlProblem(body.u)) return undefined;
  return { remote: body.r, url: body.u };
}

/** The e-mail an API token names (its `sub`), read without checking it: the API checks the token. */
function tokenSubject(token: string): string | undefined {
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
async function isAdmin(req: IncomingMessage, apiUrl: string | undefined): Promise<boolean> {
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

function setCookie(res: ServerResponse, value: string, { devMode, clear }: { devMode: boolean; clear?: boolean }) {
  // Secure outside development mode, as the session cookie; a session cookie: it ends with the browser.
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(devMode ? [] : ['Secure'])];
  if (clear) attributes.push('Max-Age=0');
  res.setHeader('Set-Cookie', `${OVERRIDE_COOKIE}=${value}; ${attributes.join('; ')}`);
}

function backToSite(res: ServerResponse): void {
  res.statusCode = 303;
  res.setHeader('Location', '/');
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

/**
 * `GET /__sportify/override?remote=<federation>&url=<manifest URL>[&expires=<unix s>&sig=<hex>]` sets this browser's
 * override and goes to `/`; `?clear=1` ends it. Development mode: any browser, any http(s) manifest URL. Production
 * mode: a signed-in admin who opened the link themselves (not one sent from another site), or a link signed with
 * the operators' key and not expired. A refusal answers 403 (400 for a malformed link) saying why.
 */
export async function handleOverride(
  req: IncomingMessage,
  res: ServerResponse,
  search: string,
  settings: OverrideSettings,
): Promise<void> {
  const query = new URLSearchParams(search);
  const { devMode, opsKey } = settings;
  if (query.get('clear') === '1') {
    setCookie(res, '', { devMode, clear: true });
    return backToSite(res);
  }
  if (!opsKey)
    return plain(res, 403, 'Overrides are off: this page server has no SPORTIFY_OPS_KEY (32+ characters) to sign them');
  const remote = query.get('remote') ?? '';
  const url = query.get('url') ?? '';
  if (!settings.remotes.includes(remote))
    return plain(res, 400, `Unknown remote "${remote}": the site's remotes are ${settings.remotes.join(', ')}`);
  const problem = manifestUrlProblem(url);
  if (problem) return plain(res, 400, problem);

  const now = Math.floor((settings.now ?? Date.now)() / 1000);
  let expires = 0;
  if (query.has('sig') || query.has('expires')) {
    const stamp = query.get('expires') ?? '';
    if (!/^\d{1,12}$/.test(stamp)) return plain(res, 400, 'expires must be a time in unix seconds');
    if (!sameHex(query.get('sig') ?? '', linkSignature(opsKey, remote, url, Number(stamp))))
      return plain(res, 403, "The link's signature is not valid: ask an operator for a new link");
    if (Number(stamp) <= now)
      return plain(res, 403, `The link expired at ${new Date(Number(stamp) * 1000).toISOString()}`);
    expires = Number(stamp);
  } else if (!devMode) {
    // SameSite=Lax sends the session along a link from another site: only a link the admin opened here counts.
    const fetchSite = String(req.headers['sec-fetch-site'] ?? '');
    if (fetchSite !== 'none' && fetchSite !== 'same-origin')
      return plain(
        res,
        403,
        'An override without a signed link must be opened by a signed-in admin from the address bar or this site',
      );
    if (!(await isAdmin(req, settings.apiUrl)))
      return plain(
        res,
        403,
        "Overrides in production are for signed-in admins, or need a link signed with the operators' key (npm run override-link)",
      );
    expires = now + ADMIN_OVERRIDE_SECONDS;
  }
  setCookie(res, cookieValue(opsKey, { r: remote, u: url, m: modeOf(devMode), e: expires }), { devMode });
  backToSite(res);
}

/**
 * The site as one browser with an override sees it: the remote's manifest URL is the override's in the config (so
 * in the page policy too), its release is `override`, `overrides` tells the badge, and the server render has no
 * build of it (its screens render in the browser).
 */
export function withOverride(site: Site, override: Override | undefined): Site {
  if (!override) return site;
  const { remote, url } = override;
  const serverRemotes = Object.fromEntries(Object.entries(site.serverRemotes).filter(([name]) => name !== remote));
  return {
    ...site,
    serverRemotes,
    config: {
      ...site.config,
      remotes: { ...site.config.remotes, [remote]: url },
      releases: { ...site.config.releases, [remote]: { version: null, channel: 'override' } },
      overrides: { [remote]: url },
    },
  };
}
