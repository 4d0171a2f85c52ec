import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LiveRelease, Registry } from '@sportify/platform/releases';

/** A browser's cohort: random, kept for 400 days, so each canary serves the same browsers on every page load. */
export const COHORT_COOKIE = 'sportify_cohort';
const COHORT_PATTERN = /^[0-9a-f]{32}$/;
const COHORT_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The request's cookies by name (the first of a repeated name, as browsers send the most specific first). */
export function readCookies(req: IncomingMessage): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    const name = part.slice(0, at).trim();
    if (name && !Object.hasOwn(cookies, name)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** The browser's cohort when its cookie holds one (anything else is replaced). */
export const cohortOf = (cookies: Record<string, string>): string | undefined => {
  const value = cookies[COHORT_COOKIE];
  return value && COHORT_PATTERN.test(value) ? value : undefined;
};

export const newCohort = (): string => randomBytes(16).toString('hex');

/** The cookie that keeps a browser's cohort (`value`: signed, see signedCohort); Secure outside development mode. */
export const cohortCookie = (value: string, secure: boolean): string =>
  `${COHORT_COOKIE}=${value}; Max-Age=${COHORT_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * Whether a package's canary at `percent` serves this cohort: a hash of cohort and package, so one browser is on the
 * canary of some packages and not of others, and stays where it is while the share is unchanged (or grows).
 */
export function inCanary(cohort: string, pkg: string, percent: number): boolean {
  const bucket = createHash('sha256').update(`${cohort}/${pkg}`).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}

export interface ChosenRelease {
  release: LiveRelease;
  channel: 'live' | 'canary';
}

/**
 * The release of each package for one request, from the registry and the request's cookies: its canary for a
 * browser whose cohort it serves, else its live release. A package with neither is absent (its dist/ build serves).
 */
export function chooseReleases(registry: Registry, cookies: Record<string, string>): Record<string, ChosenRelease> {
  const cohort = cohortOf(cookies);
  const chosen: Record<string, ChosenRelease> = {};
  for (const [pkg, entry] of Object.entries(registry)) {
    const canary = entry?.canary;
    if (canary && cohort && inCanary(cohort, pkg, canary.percent)) chosen[pkg] = { release: canary, channel: 'canary' };
    else if (entry?.live) chosen[pkg] = { release: entry.live, channel: 'live' };
  }
  return chosen;
}
