#!/usr/bin/env node
// Prints a link, signed with the override key, that loads one remote from elsewhere into the running site for the
// browser that opens it (production mode included), until it expires (24 hours at most) or the browser clears it.
//   npm run override-link -- <package> <manifest URL> [--hours 8]
// SPORTIFY_OVERRIDE_KEY signs (the page servers' key of the same name, never the operators' SPORTIFY_OPS_KEY);
// SITE_URL is the site (default http://localhost:$SHELL_PORT); SPORTIFY_OVERRIDE_ORIGINS, when set, is the page
// servers' list of origins an override may come from: the manifest URL must be on it.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { isLoopbackOrigin, overrideOriginProblem, parseOverrideOrigins } from '@sportify/platform/keys';
import { FRONT_ENDS } from './lib/front-ends.mjs';
import { releaseSettingsOrExit } from './releases/settings.mjs';

const require = createRequire(import.meta.url);
const { DEV_OVERRIDE_KEY, MAX_LINK_HOURS, clearLink, overrideLink, siteUrl } = require('@sportify/build/override-link');

const usage = 'usage: npm run override-link -- <package> <manifest URL> [--hours 8]';
/** @type {(message: string) => never} */
const fail = (message) => {
  console.error(message);
  process.exit(2);
};

/** @type {{ values: { hours: string }, positionals: string[] }} */
let args;
try {
  args = parseArgs({ options: { hours: { type: 'string', default: '8' } }, allowPositionals: true });
} catch (error) {
  fail(`${/** @type {Error} */ (error).message}\n${usage}`);
}
const { values, positionals } = args;
const [pkg, url] = positionals;
if (!pkg || !url || positionals.length > 2) fail(usage);
const remote = FRONT_ENDS.find((front) => front.name === pkg && front.federation)?.federation;
if (!remote)
  fail(
    `"${pkg}" is not a remote (${FRONT_ENDS.filter((f) => f.federation)
      .map((f) => f.name)
      .join(', ')})`,
  );
/** @type {(text: string) => URL} */
const parseUrl = (text) => {
  try {
    return new URL(text);
  } catch {
    return fail(`"${text}" is not an absolute URL`);
  }
};
const parsed = parseUrl(url);
if (!/^https?:$/.test(parsed.protocol) || !parsed.pathname.endsWith('/mf-manifest.json') || parsed.href !== url)
  fail(`"${url}" must be an http(s) URL ending in /mf-manifest.json (as the dev server prints it)`);
const hours = Number(values.hours);
if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_LINK_HOURS)
  fail(`--hours must be a number of hours up to ${MAX_LINK_HOURS}`);

const settings = releaseSettingsOrExit();
const key = settings.SPORTIFY_OVERRIDE_KEY || DEV_OVERRIDE_KEY;
// A link signed with a real key is for a production site: its dev server is https, or this machine's loopback.
const production = key !== DEV_OVERRIDE_KEY;
if (production && parsed.protocol !== 'https:' && !isLoopbackOrigin(parsed.origin))
  fail(`"${url}" must be https (or on this machine's loopback): a production site loads nothing else`);
if (settings.SPORTIFY_OVERRIDE_ORIGINS) {
  const { origins, problems } = parseOverrideOrigins(settings.SPORTIFY_OVERRIDE_ORIGINS, production);
  if (problems.length) fail(`SPORTIFY_OVERRIDE_ORIGINS ${problems.join('; ')}`);
  const elsewhere = overrideOriginProblem(url, origins);
  if (elsewhere) fail(elsewhere);
}
const expires = Math.floor(Date.now() / 1000 + hours * 3600);
const site = siteUrl();
console.log(overrideLink({ site, remote, url, key, expires }));
console.log(`Valid until ${new Date(expires * 1000).toISOString()} for ${remote}; the browser that opens it loads`);
console.log(`${url} in place of the live release. Clear: ${clearLink(site)}`);
if (key === DEV_OVERRIDE_KEY)
  console.log(
    'Signed with the development key (SPORTIFY_OVERRIDE_KEY is unset): only a development-mode site accepts it.',
  );
