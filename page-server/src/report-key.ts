// The page server's signatures that the browser carries but must not be able to make: each page's report token
// (the API counts a report only with one) and the canary cohort cookie. One key, SPORTIFY_REPORT_KEY, shared with
// the API; each use signs under its own label, so one kind of signature is never taken for the other.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReleaseInUse } from './site.js';

/** The key in development mode when SPORTIFY_REPORT_KEY is unset (the API has the same default). */
export const DEV_REPORT_KEY = 'sportify-dev-only-report-key-change-me-in-production';
/** How long a page's reports may count after the page was served. */
export const REPORT_TOKEN_SECONDS = 12 * 60 * 60;

/**
 * SPORTIFY_REPORT_KEY as this process may use it. Production mode needs 32+ characters that are not the development
 * default (anyone could sign with that one), else it throws: the page server must not start.
 */
export function reportKeyOf(env: NodeJS.ProcessEnv, devMode: boolean): string {
  const key = env.SPORTIFY_REPORT_KEY?.trim();
  if (devMode) return key || DEV_REPORT_KEY;
  if (!key || key.length < 32 || key === DEV_REPORT_KEY)
    throw new Error(
      'SPORTIFY_REPORT_KEY is required outside development mode: 32+ characters, not the development one, the same as the API has',
    );
  return key;
}

const sign = (key: string, label: string, text: string): string =>
  createHmac('sha256', key).update(`${label}\n${text}`).digest('base64url');

const sameText = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A page's report token: `v1.<payload>.<signature>`, the payload base64url JSON `{ t: trace id, r: { part:
 * [version, channel] }, e: expiry in Unix seconds }`, signed with HMAC-SHA256 over `report\n<payload>`. Only the
 * releases the page server served are in it (never an override): the API counts no other.
 */
export function reportToken(
  key: string,
  traceId: string,
  releases: Record<string, ReleaseInUse>,
  now = Date.now(),
): string {
  const served: Record<string, [string | null, string]> = {};
  for (const [part, { version, channel }] of Object.entries(releases))
    if (channel !== 'override') served[part] = [version, channel];
  const payload = Buffer.from(
    JSON.stringify({ t: traceId, r: served, e: Math.floor(now / 1000) + REPORT_TOKEN_SECONDS }),
  ).toString('base64url');
  return `v1.${payload}.${sign(key, 'report', payload)}`;
}

const COHORT = /^[0-9a-f]{32}$/;

/** The cohort cookie's value: the cohort and its signature, so a browser cannot choose its own cohort. */
export const signedCohort = (key: string, cohort: string): string => `${cohort}.${sign(key, 'cohort', cohort)}`;

/** The cohort of a cookie value this page server signed; undefined for anything else (to be replaced). */
export function verifiedCohort(key: string, value: string | undefined): string | undefined {
  const [cohort, signature, extra] = (value ?? '').split('.');
  if (extra !== undefined || !cohort || !signature || !COHORT.test(cohort)) return undefined;
  return sameText(signature, sign(key, 'cohort', cohort)) ? cohort : undefined;
}
