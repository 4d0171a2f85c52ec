import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '@sportify/platform/html';
import {
  DEV_OPS_KEY,
  DEV_OVERRIDE_KEY,
  overrideLinkSignature,
  overrideOriginProblem,
  usableKey,
} from '@sportify/platform/keys';
import { plain } from './serve.js';
import { sessionToken } from './render.js';
import type { Site } from './site.js';

// One remote from elsewhere (a developer's dev server) in place of its live release, for one browser: set by
// `/__sportify/override`, kept in a cookie the page server signs, applied to that browser's pages and config.json.

export const OVERRIDE_PATH = '/__sportify/override';
export const OVERRIDE_COOKIE = 'sportify_override';
/** The longest an override cookie lasts outside development mode, whatever granted it. */
export const MAX_COOKIE_SECONDS = 12 * 60 * 60;
/** The longest validity a signed link may claim: a longer one is refused, however it is signed. */
export const MAX_LINK_SECONDS = 24 * 60 * 60;
/** How long an admin's confirmation page may be submitted. */
const CONFIRM_SECONDS = 10 * 60;
const MAX_FORM_BYTES = 8 * 1024;

/** A remote's manifest URL taken from elsewhere, for one browser. */
export interface Override {
  remote: string;
  url: string;
}

export interface OverrideSettings {
  devMode: boolean;
  /** SPORTIFY_OVERRIDE_KEY (its own, never the operators' key); without one, production mode allows no override. */
  overrideKey?: string;
  /** Federation names of the site's remotes. */
  remotes: string[];
  /** Where the API is (SPORTIFY_API_URL): the admin check asks it who the session's user is. */
  apiUrl?: string;
  /** SPORTIFY_OVERRIDE_ORIGINS: where overrides may load from; without it, this machine (the loopback) only. */
  origins?: string[];
  now?: () => number;
}

/** The operators' key (telemetry, health reads), by the one key rule (@sportify/platform/keys). */
export const opsKeyOf = (env: NodeJS.ProcessEnv, devMode: boolean): string | undefined =>
  usableKey(env.SPORTIFY_OPS_KEY, DEV_OPS_KEY, devMode);

/**
 * The key that signs override links, cookies and confirmations: SPORTIFY_OVERRIDE_KEY, by the one key rule and never
 * the operators' key.
 */
export const overrideKeyOf = (env: NodeJS.ProcessEnv, devMode: boolean): string | undefined =>
  usableKey(env.SPORTIFY_OVERRIDE_KEY, DEV_OVERRIDE_KEY, devMode, { notOneOf: [env.SPORTIFY_OPS_KEY] });

const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

const sameHex = (a: string, b: string): boolean =>
  /^[0-9a-f]{64}$/.test(a) && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

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

// The cookie: base64url(JSON { r: remote, u: url, m: mode, e: expiry in unix seconds or 0, and for an admin's
// confirmed override s: digest of the session token, a: digest of its user }) "." signature.
interface CookieBody {
  r: string;
  u: string;
  m: 'dev' | 'prod';
  e: number;
  s?: string;
  a?: string;
}

const modeOf = (devMode: boolean): CookieBody['m'] => (devMode ? 'dev' : 'prod');
/** A key of its own for each use of the override key, so no signature made for one use passes for another. */
const purposeKey = (key: string, purpose: 'cookie' | 'confirm'): string => hmac(key, `sportify-override/${purpose}`);
const cookieSignature = (key: string, payload: string) =>
  hmac(purposeKey(key, 'cookie'), `${OVERRIDE_COOKIE}\n${payload}`);

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

/** The cookie this browser holds, when this page server's key signed it for this mode and it has not ended. */
function readCookie(req: IncomingMessage, settings: OverrideSettings): CookieBody | undefined {
  const value = cookieOf(req, OVERRIDE_COOKIE);
  const key = settings.overrideKey;
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
  // Outside development mode every cookie ends, within the longest lifetime.
  if (!settings.devMode && (body.e === 0 || body.e > now + MAX_COOKIE_SECONDS)) return undefined;
  if (typeof body.r !== 'string' || !settings.remotes.includes(body.r)) return undefined;
  if (typeof body.u !== 'string' || manifestUrlProblem(body.u) || overrideOriginProblem(body.u, settings.origins))
    return undefined;
  return body as CookieBody;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The override this request's browser holds: a cookie this page server's key signed, for this mode, not expired,
 * naming a remote of the site and a manifest URL from an allowed origin. An admin's confirmed override is bound to
 * the session it was confirmed in: with another session or none (Logout) it is no override and its cookie is
 * cleared; a renewed token of the same admin (the API says it is still an admin's) carries it on, re-bound.
 */
export async function readOverride(
  req: IncomingMessage,
  res: ServerResponse,
  settings: OverrideSettings,
): Promise<Override | undefined> {
  const body = readCookie(req, settings);
  if (!body) return undefined;
  const override = { remote: body.r, url: body.u };
  if (body.s === undefined) return override;
  const token = sessionToken(req);
  if (token && digest(token) === body.s) return override;
  const subject = token && tokenSubject(token);
  if (subject && digest(subject) === body.a && (await isAdmin(req, settings.apiUrl))) {
    const now = Math.floor((settings.now ?? Date.now)() / 1000);
    setCookie(res, cookieValue(settings.overrideKey!, { ...body, s: digest(token) }), {
      devMode: settings.devMode,
      maxAgeSeconds: body.e - now,
    });
    return override;
  }
  setCookie(res, '', { devMode: settings.devMode, maxAgeSeconds: 0 });
  return undefined;
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

function setCookie(
  res: ServerResponse,
  value: string,
  { devMode, maxAgeSeconds }: { devMode: boolean; maxAgeSeconds?: number },
) {
  // Secure outside development mode, as the session cookie; without a lifetime it ends with the browser.
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(devMode ? [] : ['Secure'])];
  if (maxAgeSeconds !== undefined) attributes.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  res.appendHeader('Set-Cookie', `${OVERRIDE_COOKIE}=${value}; ${attributes.join('; ')}`);
}

function backToSite(res: ServerResponse): void {
  res.statusCode = 303;
  res.setHeader('Location', '/');
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

/**
 * Sets the override and goes back to the site; outside development mode the cookie ends by `expires` at most. With
 * `session` (an admin's confirmation), it is bound to that session token and its user.
 */
function grant(
  res: ServerResponse,
  settings: OverrideSettings,
  key: string,
  override: Override,
  expires: number,
  session?: { token: string; subject: string },
) {
  const { devMode } = settings;
  const now = Math.floor((settings.now ?? Date.now)() / 1000);
  const ends = devMode ? expires : Math.min(expires || Infinity, now + MAX_COOKIE_SECONDS);
  const bound = session ? { s: digest(session.token), a: digest(session.subject) } : {};
  setCookie(res, cookieValue(key, { r: override.remote, u: override.url, m: modeOf(devMode), e: ends, ...bound }), {
    devMode,
    maxAgeSeconds: ends ? ends - now : undefined,
  });
  backToSite(res);
}

/** The session a confirmation is bound to: a digest of the session cookie, so the token names no one. */
const sessionBinding = (req: IncomingMessage): string | undefined => {
  const token = sessionToken(req);
  return token && digest(token);
};

/** A confirmation token: good for one session, one remote and URL, until it expires (`<expires>.<hex>`). */
const confirmSignature = (key: string, session: string, override: Override, expires: number) =>
  hmac(purposeKey(key, 'confirm'), [session, override.remote, override.url, expires].join('\n'));

export function confirmToken(key: string, session: string, override: Override, expires: number): string {
  return `${expires}.${confirmSignature(key, session, override, expires)}`;
}

function confirmTokenValid(token: string, key: string, session: string, override: Override, now: number): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now || expires > now + CONFIRM_SECONDS) return false;
  return sameHex(match[2], confirmSignature(key, session, override, expires));
}

/** The policy of the confirmation page: nothing runs, it cannot be framed, and its form posts here only. */
const CONFIRM_POLICY = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The page an admin confirms an override on: what would load, from where, and a form with its token. */
function sendConfirmation(res: ServerResponse, override: Override, token: string): void {
  const origin = new URL(override.url).origin;
  const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', CONFIRM_POLICY);
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Load a remote from elsewhere? - Sportify Camp</title></head>
<body>
<main>
<h1>Load a remote from elsewhere?</h1>
<p>This browser would run <strong>${escapeHtml(override.remote)}</strong> from another server instead of its live release, with your session, for up to 12 hours.</p>
<dl>
<dt>Remote</dt><dd id="override-remote">${escapeHtml(override.remote)}</dd>
<dt>Manifest URL</dt><dd id="override-url">${escapeHtml(override.url)}</dd>
<dt>Its code comes from</dt><dd id="override-origin"><strong>${escapeHtml(origin)}</strong></dd>
</dl>
<p>Continue only if you asked for this link and you trust ${escapeHtml(origin)}.</p>
<form method="post" action="${OVERRIDE_PATH}">
${field('remote', override.remote)}
${field('url', override.url)}
${field('token', token)}
<button type="submit">Load ${escapeHtml(override.remote)} from ${escapeHtml(origin)}</button>
</form>
<p><a href="/">Cancel</a></p>
</main>
</body>
</html>
`);
}

/** The form of a POST, at most MAX_FORM_BYTES; undefined when it is larger or not a form. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(String(req.headers['content-type'] ?? ''))) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The override a query or form names, or the status and text refusing it (400 when it is malformed). */
function overrideOf(params: URLSearchParams, settings: OverrideSettings): Override | [number, string] {
  const remote = params.get('remote') ?? '';
  const url = params.get('url') ?? '';
  if (!settings.remotes.includes(remote))
    return [400, `Unknown remote "${remote}": the site's remotes are ${settings.remotes.join(', ')}`];
  const malformed = manifestUrlProblem(url);
  if (malformed) return [400, malformed];
  const elsewhere = overrideOriginProblem(url, settings.origins);
  return elsewhere ? [403, elsewhere] : { remote, url };
}

const fetchSiteOf = (req: IncomingMessage): string => String(req.headers['sec-fetch-site'] ?? '');

/**
 * `/__sportify/override`: `?clear=1` ends this browser's override. Development mode: a GET
 * `?remote=<federation>&url=<manifest URL>` sets it for any browser. Elsewhere a GET never sets it from an admin's
 * session: it shows a confirmation page (to a signed-in admin, opened from the address bar or this site) whose form
 * POSTs it back with a token bound to the session and the override; or a link signed with the override key
 * (`&expires=<unix s>&sig=<hex>`, valid 24 hours at most, not followed from another site) sets it.
 * A refusal answers 403 (400 for a malformed link) saying why.
 */
export async function handleOverride(
  req: IncomingMessage,
  res: ServerResponse,
  search: string,
  settings: OverrideSettings,
): Promise<void> {
  const { devMode, overrideKey: key } = settings;
  const now = Math.floor((settings.now ?? Date.now)() / 1000);
  const posted = req.method === 'POST';
  const query = posted ? ((await readForm(req)) ?? new URLSearchParams()) : new URLSearchParams(search);
  if (!posted && query.get('clear') === '1') {
    setCookie(res, '', { devMode, maxAgeSeconds: 0 });
    return backToSite(res);
  }
  if (!key)
    return plain(
      res,
      403,
      "Overrides are off: this page server has no SPORTIFY_OVERRIDE_KEY (32+ characters, not the operators' key) to sign them",
    );
  const override = overrideOf(query, settings);
  if (Array.isArray(override)) return plain(res, ...override);

  if (posted) return confirmOverride(req, res, settings, key, override, query.get('token') ?? '', now);

  if (query.has('sig') || query.has('expires')) {
    const stamp = query.get('expires') ?? '';
    if (!/^\d{1,12}$/.test(stamp)) return plain(res, 400, 'expires must be a time in unix seconds');
    const expires = Number(stamp);
    if (!sameHex(query.get('sig') ?? '', overrideLinkSignature(key, override.remote, override.url, expires)))
      return plain(res, 403, "The link's signature is not valid: ask an operator for a new link");
    if (expires <= now) return plain(res, 403, `The link expired at ${new Date(expires * 1000).toISOString()}`);
    if (expires > now + MAX_LINK_SECONDS)
      return plain(res, 403, 'The link is valid for more than 24 hours: ask an operator for a new link');
    const fetchSite = fetchSiteOf(req);
    if (fetchSite === 'cross-site' || fetchSite === 'same-site')
      return plain(
        res,
        403,
        'A signed override link must be opened from the address bar or this site, not followed from another site',
      );
    return grant(res, settings, key, override, expires);
  }
  if (devMode) return grant(res, settings, key, override, 0);

  // SameSite=Lax sends the session along a link from another site: only a link the admin opened here counts, and
  // even then the admin confirms on a page of ours.
  const fetchSite = fetchSiteOf(req);
  if (fetchSite !== 'none' && fetchSite !== 'same-origin')
    return plain(
      res,
      403,
      'An override without a signed link must be opened by a signed-in admin from the address bar or this site',
    );
  const session = sessionBinding(req);
  if (!session || !(await isAdmin(req, settings.apiUrl)))
    return plain(
      res,
      403,
      'Overrides in production are for signed-in admins, or need a link signed with the override key (npm run override-link)',
    );
  sendConfirmation(res, override, confirmToken(key, session, override, now + CONFIRM_SECONDS));
}

/** The confirmation page's POST: same origin, the token of this session and override, still an admin. */
async function confirmOverride(
  req: IncomingMessage,
  res: ServerResponse,
  settings: OverrideSettings,
  key: string,
  override: Override,
  token: string,
  now: number,
): Promise<void> {
  const fetchSite = fetchSiteOf(req);
  if (fetchSite && fetchSite !== 'same-origin')
    return plain(res, 403, 'An override is confirmed from its confirmation page on this site only');
  const session = sessionBinding(req);
  if (!session || !confirmTokenValid(token, key, session, override, now))
    return plain(
      res,
      403,
      'The confirmation is missing, expired or for another session: open the override link again and confirm',
    );
  const sessionCookie = sessionToken(req)!;
  const subject = tokenSubject(sessionCookie);
  if (!subject || !(await isAdmin(req, settings.apiUrl)))
    return plain(res, 403, 'Overrides in production are for signed-in admins');
  grant(res, settings, key, override, 0, { token: sessionCookie, subject });
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
