import type { IncomingMessage, ServerResponse } from 'node:http';
import { overrideLinkSignature } from '@sportify/platform/keys';
import { isAdmin, tokenSubject } from './admin-check.js';
import { sendConfirmation } from './override-confirmation.js';
import { cookieValue, MAX_COOKIE_SECONDS, modeOf, readCookie, setCookie } from './override-cookie.js';
import { CONFIRM_SECONDS, confirmToken, confirmTokenValid, digest, sameHex } from './override-signing.js';
import { targetProblem, type Override } from './override-target.js';
import { sessionToken } from './render.js';
import { plain } from './serve.js';
import type { Site } from './site.js';

// One remote from elsewhere (a developer's dev server) in place of its live release, for one browser: set by
// `/__sportify/override`, kept in a cookie the page server signs (override-cookie.ts), applied to that browser's
// pages and config.json. Who may set one: the route below; what is signed: override-signing.ts; the admin check:
// admin-check.ts; the admin's confirmation page: override-confirmation.ts.

export { OVERRIDE_COOKIE, MAX_COOKIE_SECONDS } from './override-cookie.js';
export type { Override } from './override-target.js';

export const OVERRIDE_PATH = '/__sportify/override';
/** The longest validity a signed link may claim: a longer one is refused, however it is signed. */
export const MAX_LINK_SECONDS = 24 * 60 * 60;
const MAX_FORM_BYTES = 8 * 1024;

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
  return targetProblem(remote, url, settings) ?? { remote, url };
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
  sendConfirmation(res, override, confirmToken(key, session, override, now + CONFIRM_SECONDS), OVERRIDE_PATH);
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
