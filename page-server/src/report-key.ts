// The page server's signatures that the browser carries but must not be able to make: each page's report token
// (the API counts a report only with one; its format is @sportify/platform/keys') and the canary cohort cookie. One
// key, SPORTIFY_REPORT_KEY, shared with the API; each use signs under its own label, so one kind of signature is
// never taken for the other.
import {
  DEV_REPORT_KEY,
  labelledSignature,
  REPORT_TOKEN_SECONDS,
  reportClient,
  sameText,
  signReportToken,
  usableKey,
  type ReportTokenContent,
} from '@sportify/platform/keys';
import type { ReleaseInUse } from './site.js';

/**
 * SPORTIFY_REPORT_KEY as this process may use it. Production mode needs a key by the one key rule (32+ characters,
 * no development key), else it throws: the page server must not start.
 */
export function reportKeyOf(env: NodeJS.ProcessEnv, devMode: boolean): string {
  const key = usableKey(env.SPORTIFY_REPORT_KEY, DEV_REPORT_KEY, devMode);
  if (!key)
    throw new Error(
      'SPORTIFY_REPORT_KEY is required outside development mode: 32+ characters, not the development one, the same as the API has',
    );
  return key;
}

/**
 * A page's report token: its trace id, the releases the page server served (never an override: the API counts no
 * other) and the client it served them to (its network, `address` as the page server sees the browser's).
 */
export function reportToken(
  key: string,
  traceId: string,
  releases: Record<string, ReleaseInUse>,
  address: string,
  now = Date.now(),
): string {
  const served: ReportTokenContent['releases'] = {};
  for (const [part, { version, channel }] of Object.entries(releases))
    if (channel !== 'override') served[part] = [version, channel];
  return signReportToken(key, {
    traceId,
    releases: served,
    client: reportClient(key, address),
    expiresAt: new Date(now + REPORT_TOKEN_SECONDS * 1000),
  });
}

const COHORT = /^[0-9a-f]{32}$/;

/** The cohort cookie's value: the cohort and its signature, so a browser cannot choose its own cohort. */
export const signedCohort = (key: string, cohort: string): string =>
  `${cohort}.${labelledSignature(key, 'cohort', cohort)}`;

/** The cohort of a cookie value this page server signed; undefined for anything else (to be replaced). */
export function verifiedCohort(key: string, value: string | undefined): string | undefined {
  const [cohort, signature, extra] = (value ?? '').split('.');
  if (extra !== undefined || !cohort || !signature || !COHORT.test(cohort)) return undefined;
  return sameText(signature, labelledSignature(key, 'cohort', cohort)) ? cohort : undefined;
}
