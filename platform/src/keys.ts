// The development keys, the rule every production key meets, and the formats signed with the keys: the page's report
// token (made by the page server, counted by the API) and the override link (made by `npm run override-link` and the
// dev servers, checked by the page server). Written once here, imported by every process, script and test. Node only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** The API's token secret (JWT_SECRET) in development mode. */
export const DEV_JWT_SECRET = 'sportify-dev-only-secret-change-me-in-production';
/** The operators' key (SPORTIFY_OPS_KEY) in development mode. */
export const DEV_OPS_KEY = 'sportify-dev-only-ops-key-change-me-in-production';
/** The report key (SPORTIFY_REPORT_KEY) in development mode. */
export const DEV_REPORT_KEY = 'sportify-dev-only-report-key-change-me-in-production';
/** The override key (SPORTIFY_OVERRIDE_KEY) in development mode. */
export const DEV_OVERRIDE_KEY = 'sportify-dev-only-override-key-change-me-in-production';
/** The payment sandbox's webhook secret (STRIPE_WEBHOOK_SECRET) in development mode. */
export const DEV_WEBHOOK_SECRET = 'whsec_sportify_development_only';

/** Every published development key: none of them is ever a production key. */
export const DEVELOPMENT_KEYS: readonly string[] = [
  DEV_JWT_SECRET,
  DEV_OPS_KEY,
  DEV_REPORT_KEY,
  DEV_OVERRIDE_KEY,
  DEV_WEBHOOK_SECRET,
];

export const KEY_MIN_LENGTH = 32;

/**
 * Why `value` cannot be a production key, or undefined when it can: set, 32+ characters, not a published development
 * key and none of `notOneOf` (another key it must differ from).
 */
export function keyProblem(
  value: string | undefined,
  { notOneOf = [] as (string | undefined)[] } = {},
): 'missing' | 'short' | 'development' | 'reused' | undefined {
  const key = value?.trim();
  if (!key) return 'missing';
  if (key.length < KEY_MIN_LENGTH) return 'short';
  if (notOneOf.some((other) => other?.trim() && other.trim() === key)) return 'reused';
  if (DEVELOPMENT_KEYS.includes(key)) return 'development';
  return undefined;
}

/** The key this process uses: in development mode the value or its development default; else the value when usable. */
export function usableKey(
  value: string | undefined,
  devDefault: string,
  devMode: boolean,
  options?: Parameters<typeof keyProblem>[1],
): string | undefined {
  if (devMode) return value?.trim() || devDefault;
  return keyProblem(value, options) ? undefined : value!.trim();
}

const signature = (key: string, label: string, text: string): string =>
  createHmac('sha256', key).update(`${label}\n${text}`).digest('base64url');

/** Equal strings, compared in constant time. */
export const sameText = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What the page server signs with the report key for a purpose of its own (the cohort cookie). */
export const labelledSignature = signature;

// ---------------------------------------------------------------------------------------------------------------
// The report token: `v1.<payload>.<signature>`, the payload base64url JSON `{ t: trace id, r: { part: [version,
// channel] }, c: client, e: expiry in Unix seconds }`, the signature base64url HMAC-SHA256 with SPORTIFY_REPORT_KEY
// over `report\n<payload>`.

/** How long a page's reports may count after the page was served. */
export const REPORT_TOKEN_SECONDS = 12 * 60 * 60;
/** The channels a report may count under: an override runs a developer's build, not a release. */
export const COUNTED_CHANNELS = ['live', 'canary', 'build'] as const;
export type CountedChannel = (typeof COUNTED_CHANNELS)[number];

/** What a page's token says: the page load, the releases it was served, the client it was served to, the expiry. */
export interface ReportTokenContent {
  traceId: string;
  releases: Record<string, [string | null, CountedChannel]>;
  /** The client (reportClient): absent in tokens made before clients were named. */
  client?: string;
  expiresAt: Date;
}

const TOKEN = /^v1\.([A-Za-z0-9_-]{1,1500})\.([A-Za-z0-9_-]{43})$/;
const TRACE = /^[0-9a-f]{32}$/;
const CLIENT = /^[A-Za-z0-9_-]{22}$/;

export function signReportToken(key: string, { traceId, releases, client, expiresAt }: ReportTokenContent): string {
  const body = { t: traceId, r: releases, ...(client ? { c: client } : {}), e: Math.floor(expiresAt.getTime() / 1000) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `v1.${payload}.${signature(key, 'report', payload)}`;
}

/**
 * The token's content when `key` signed it and it has not expired; undefined for anything else. Releases under a
 * channel that does not count (an override) are left out.
 */
export function verifyReportToken(key: string, token: unknown, now = Date.now()): ReportTokenContent | undefined {
  const match = typeof token === 'string' ? TOKEN.exec(token) : null;
  if (!match || !sameText(match[2], signature(key, 'report', match[1]))) return undefined;
  let body: { t?: unknown; r?: unknown; c?: unknown; e?: unknown };
  try {
    body = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body.t !== 'string' || !TRACE.test(body.t)) return undefined;
  if (typeof body.e !== 'number' || body.e * 1000 <= now) return undefined;
  if (!body.r || typeof body.r !== 'object') return undefined;
  if (body.c !== undefined && (typeof body.c !== 'string' || !CLIENT.test(body.c))) return undefined;
  const releases: ReportTokenContent['releases'] = {};
  for (const [part, value] of Object.entries(body.r as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue;
    const [version, channel] = value as unknown[];
    if ((typeof version === 'string' || version === null) && COUNTED_CHANNELS.includes(channel as CountedChannel))
      releases[part] = [version, channel as CountedChannel];
  }
  return { traceId: body.t, releases, ...(body.c ? { client: body.c } : {}), expiresAt: new Date(body.e * 1000) };
}

/** Four hex groups of an IPv6 address, expanded (`2001:db8::1` -> `2001:0db8:0000:0000`). */
function ipv6Prefix(address: string): string {
  const [head, tail = ''] = address.split('::');
  const groups = (text: string) => (text ? text.split(':') : []);
  const [left, right] = [groups(head), address.includes('::') ? groups(tail) : []];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all
    .slice(0, 4)
    .map((group) => group.padStart(4, '0').toLowerCase())
    .join(':');
}

/**
 * The network a client is counted by: the /24 of an IPv4 address (an IPv4-mapped IPv6 one too), the /64 of an IPv6
 * one. A household, an office or a carrier's NAT is one client; one client cannot be many by changing its cookies.
 */
export function networkPrefix(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const v4 = mapped ?? (isIP(bare) === 4 ? bare : undefined);
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(bare) === 6) return `${ipv6Prefix(bare)}::/64`;
  return `other:${bare}`;
}

/** A client as its report tokens name it: a digest of its network under the report key, which shows no address. */
export const reportClient = (key: string, address: string): string =>
  signature(key, 'client', networkPrefix(address)).slice(0, 22);

// ---------------------------------------------------------------------------------------------------------------
// The override link: `/__sportify/override?remote=..&url=..&expires=<unix s>&sig=hex(HMAC-SHA256(key, remote + "\n" +
// url + "\n" + expires))`, and the origins its manifest URL may come from.

export const overrideLinkSignature = (key: string, remote: string, url: string, expires: number): string =>
  createHmac('sha256', key).update(`${remote}\n${url}\n${expires}`).digest('hex');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an origin is on this machine (a developer's own dev server), which browsers treat as secure over http. */
export const isLoopbackOrigin = (origin: string): boolean => {
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
};

/**
 * SPORTIFY_OVERRIDE_ORIGINS: the origins overrides may load from, comma-separated. In production each is https, or
 * http on the loopback (the developer's machine, as the browser sees it). Returns the origins, or the problems.
 */
export function parseOverrideOrigins(raw: string, production: boolean): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const entry of raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const origin = url?.origin;
    if (!url || !/^https?:$/.test(url.protocol) || origin !== entry.replace(/\/$/, ''))
      problems.push(`"${entry}" is not an origin (scheme, host and port, like https://dev.example.com)`);
    else if (production && url.protocol !== 'https:' && !isLoopbackOrigin(origin))
      problems.push(`${origin} must be https (or http on this machine's loopback)`);
    else origins.push(origin);
  }
  return { origins, problems };
}

/**
 * Why a manifest URL's origin may not be an override, or undefined when it may: on `origins` when the list is set,
 * else (no SPORTIFY_OVERRIDE_ORIGINS) on the loopback only.
 */
export function overrideOriginProblem(url: string, origins: readonly string[] | undefined): string | undefined {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return 'The manifest URL is not an absolute URL';
  }
  const allowed = origins ? origins.includes(origin) : isLoopbackOrigin(origin);
  if (allowed) return undefined;
  return origins
    ? `${origin} is not an origin overrides may come from (SPORTIFY_OVERRIDE_ORIGINS: ${origins.join(', ') || 'none'})`
    : `${origin} is not an origin overrides may come from: without SPORTIFY_OVERRIDE_ORIGINS only this machine's (localhost)`;
}
