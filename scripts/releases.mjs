#!/usr/bin/env node
// Switches which release of a front end is live, and shows what is live.
//   npm run promote -- <package> <version>    make that release live (completes that release's canary)
//   npm run promote -- <package> <version> --canary <percent> [--margin 0.05] [--min-clients 20]
//                                             serve that release to <percent> of browsers, the rest stay on live
//   npm run rollback -- <package>             end the canary; without one, go back to the release live before
//   npm run releases [-- <package>]           live release, canary, rollback stack and published releases
//   --request <id> (promote, rollback)        done once: the same id again (a Job retried or created again) changes
//                                             nothing and says when it was done (history.jsonl keeps the id)
// SPORTIFY_ONLY_PACKAGE (a team's release Job in a cluster) refuses any command about another package.
// Every change is made under the registry's lock and written atomically (scripts/releases/registry.mjs); the page
// servers read the registry on every request, so the next page load uses the new release with no restart. Every
// switch is appended to history.jsonl.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { minClientsOf } from '@sportify/platform/canary';
import { FRONT_ENDS } from './lib/front-ends.mjs';
import { guardProblems } from './releases/guard.mjs';
import {
  listReleases,
  operator,
  readHistory,
  readRegistry,
  readRelease,
  recordHistory,
  registryEntry,
  releaseDir,
  releasesDir,
  repoRoot,
  withRegistryLock,
  writeRegistry,
} from './releases/store.mjs';
import { releaseSettingsOrExit } from './releases/settings.mjs';

class Refused extends Error {}
/** @type {(message: string) => never} */
const fail = (message) => {
  throw new Refused(message);
};

const settings = releaseSettingsOrExit();
const keep = settings.SPORTIFY_KEEP_RELEASES;
const dir = releasesDir();
/** The request this run carries out (`--request`), recorded with each change it makes. */
let request = '';
const record = (entry) => recordHistory(dir, { ...entry, ...(request && { request }) });

function checkPackage(pkg) {
  if (!FRONT_ENDS.some((f) => f.name === pkg)) {
    fail(`"${pkg ?? ''}" is not a front end (${FRONT_ENDS.map((f) => f.name).join(', ')})`);
  }
  const only = settings.SPORTIFY_ONLY_PACKAGE;
  if (only && pkg !== only) fail(`this command may change ${only} only, not ${pkg}`);
}

/**
 * A request already carried out (its id is in the history): says so and changes nothing. Returns whether it was.
 */
function alreadyDone(id, command, pkg) {
  if (!id) return false;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(id))
    fail(`--request must be 1-63 letters, digits, dots, dashes or underscores, got "${id}"`);
  const done = readHistory(dir).filter((entry) => entry.request === id);
  if (!done.length) return false;
  const first = done[0];
  if (first.package !== pkg || (command === 'promote') !== ['promote', 'canary'].includes(first.action))
    fail(`request ${id} was a ${first.action} of ${first.package} at ${first.time}: a new request needs a new id`);
  console.log(
    `${pkg}: request ${id} was done at ${first.time} by ${first.who} (${first.action} ${first.version ?? ''}); nothing changed.`,
  );
  return true;
}

/** The release of `pkg` named `version`, on disk and fitting what is live (the release guard), else refused. */
function fittingRelease(pkg, version) {
  const release = readRelease(dir, pkg, version);
  if (!release) fail(`${pkg} has no release ${version} in ${path.relative(repoRoot, path.join(dir, pkg)) || dir}`);
  const problems = guardProblems(dir, pkg, releaseDir(dir, pkg, version));
  if (problems.length) fail(`${pkg} ${version} does not fit what is live:\n  - ${problems.join('\n  - ')}`);
  return release;
}

/** Makes `version` of `pkg` live; `stack` is the rollback stack after the switch (its last entry is `version`). */
function makeLive(pkg, version, stack, action) {
  const release = fittingRelease(pkg, version);
  const registry = readRegistry(dir);
  const current = registry[pkg];
  const time = new Date().toISOString();
  // What rollback would return to; after a rollback the release below it on the stack.
  const previousVersion = stack.at(-2);
  let previous = null;
  if (previousVersion) {
    previous =
      [current?.live, current?.previous].find((entry) => entry?.version === previousVersion) ??
      registryEntry(readRelease(dir, pkg, previousVersion) ?? { version: previousVersion }, null);
  }
  // A promote of the canary's release completes it; the last automatic rollback stays on record.
  const { lastAutoRollback } = current ?? {};
  registry[pkg] = {
    live: registryEntry(release, time),
    previous,
    stack,
    ...(lastAutoRollback && { lastAutoRollback }),
  };
  writeRegistry(dir, registry);
  const completed = current?.canary?.version === version;
  record({
    action,
    package: pkg,
    version,
    commit: release.commit,
    from: current?.live?.version ?? null,
    ...(completed && { canary: current?.canary?.percent }),
    who: operator(),
  });
  console.log(
    `${pkg}: ${version} is live${completed ? ` for every browser (its ${current?.canary?.percent}% canary is complete)` : ''}${current?.live ? ` (was ${current.live.version})` : ''}. Open pages switch on their next load.`,
  );
}

/** A number option within [min, max] (whole when `whole`), else refused naming the option. */
function numberOption(name, value, { min, max, whole = false }) {
  const n = Number(value);
  if (
    value === undefined ||
    value === '' ||
    !Number.isFinite(n) ||
    n < min ||
    n > max ||
    (whole && !Number.isInteger(n))
  )
    fail(`${name} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}, got "${value ?? ''}"`);
  return n;
}

function startCanary(pkg, version, options) {
  if (pkg === 'shell') fail('a canary serves a remote; the shell is promoted to every browser at once');
  const percent = numberOption('--canary', options.canary, { min: 1, max: 99, whole: true });
  const margin = numberOption(
    '--margin (or SPORTIFY_CANARY_MARGIN)',
    options.margin ?? String(settings.SPORTIFY_CANARY_MARGIN),
    { min: 0, max: 1 },
  );
  const minClients = numberOption(
    '--min-clients (or SPORTIFY_CANARY_MIN_CLIENTS)',
    options['min-clients'] ?? String(settings.SPORTIFY_CANARY_MIN_CLIENTS),
    { min: 1, max: 1_000_000, whole: true },
  );
  const registry = readRegistry(dir);
  const current = registry[pkg];
  if (current?.live?.version === version) fail(`${pkg} ${version} is already live`);
  if (current?.canary && current.canary.version !== version)
    fail(
      `${pkg} already has a canary, ${current.canary.version}: complete it (npm run promote -- ${pkg} ${current.canary.version}) or end it (npm run rollback -- ${pkg}) first`,
    );
  const release = fittingRelease(pkg, version);
  // Changing the share of a running canary keeps its start: its figures still count.
  const startedAt = current?.canary?.startedAt ?? new Date().toISOString();
  const { commit, builtAt, publicPath } = release;
  registry[pkg] = {
    ...(current ?? { live: null, previous: null, stack: [] }),
    canary: { version, commit, builtAt, publicPath, percent, startedAt, margin, minClients },
  };
  writeRegistry(dir, registry);
  record({
    action: 'canary',
    package: pkg,
    version,
    commit,
    from: current?.live?.version ?? null,
    percent,
    margin,
    minClients,
    who: operator(),
  });
  console.log(
    `${pkg}: ${version} serves ${percent}% of browsers (the rest stay on ${current?.live?.version ?? 'the dist/ build'}). ` +
      `It is held until ${minClients} distinct clients (networks) have loaded it, then rolled back automatically when the share of its clients with errors exceeds the live release's by more than ${margin}.\n` +
      `Complete it with: npm run promote -- ${pkg} ${version}    End it with: npm run rollback -- ${pkg}`,
  );
}

function promote(pkg, version, options) {
  checkPackage(pkg);
  if (!version)
    fail('usage: npm run promote -- <package> <version> [--canary <percent>] (npm run releases lists them)');
  if (options.canary !== undefined) return startCanary(pkg, version, options);
  if (options.margin !== undefined || options['min-clients'] !== undefined)
    fail('--margin and --min-clients go with --canary');
  const current = readRegistry(dir)[pkg];
  if (current?.canary && current.canary.version !== version)
    fail(
      `${pkg} has a canary, ${current.canary.version}: complete it (npm run promote -- ${pkg} ${current.canary.version}) or end it (npm run rollback -- ${pkg}) first`,
    );
  const stack = current?.stack ?? [];
  if (stack.at(-1) === version) fail(`${pkg} ${version} is already live`);
  // The stack holds what rollback can return to; releases on it are never pruned, so it stays short.
  makeLive(pkg, version, [...stack.filter((v) => v !== version), version].slice(-keep), 'promote');
}

function rollback(pkg) {
  checkPackage(pkg);
  const registry = readRegistry(dir);
  const current = registry[pkg];
  if (current?.canary) {
    const { canary, ...rest } = current;
    registry[pkg] = rest;
    writeRegistry(dir, registry);
    record({
      action: 'rollback',
      package: pkg,
      version: current.live?.version ?? null,
      canary: canary.version,
      who: operator(),
    });
    console.log(
      `${pkg}: the canary ${canary.version} is ended; every browser gets ${current.live?.version ?? 'the dist/ build'} at its next page load.`,
    );
    return;
  }
  const stack = current?.stack ?? [];
  if (stack.length < 2) fail(`${pkg} has no earlier release to roll back to`);
  makeLive(pkg, stack.at(-2), stack.slice(0, -1), 'rollback');
}

function status(only) {
  const registry = readRegistry(dir);
  for (const f of FRONT_ENDS.filter((x) => !only || x.name === only)) {
    const entry = registry[f.name];
    console.log(
      `${f.name}: ${entry?.live ? `live ${entry.live.version} (commit ${entry.live.commit}, promoted ${entry.live.promotedAt})` : 'live = its dist/ build (no release promoted)'}`,
    );
    if (entry?.canary) {
      const c = entry.canary;
      console.log(
        `  canary ${c.version} to ${c.percent}% of browsers since ${c.startedAt} (held below ${minClientsOf(c)} distinct clients; automatic rollback: clients' error rate above live + ${c.margin})`,
      );
    }
    if (entry?.previous) console.log(`  previous ${entry.previous.version}`);
    if (entry?.lastAutoRollback) {
      const { version, at, figures } = entry.lastAutoRollback;
      console.log(
        `  last automatic rollback: ${version} at ${at} (${figures.canary.errorClients} of ${figures.canary.clients} clients with errors; live ${figures.live.errorClients} of ${figures.live.clients})`,
      );
    }
    for (const release of listReleases(dir, f.name)) {
      const mark =
        release.version === entry?.live?.version ? '*' : release.version === entry?.canary?.version ? 'c' : ' ';
      console.log(`  ${mark} ${release.version}  built ${release.builtAt}${release.tested ? '' : '  (tests skipped)'}`);
    }
  }
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      margin: { type: 'string' },
      'min-clients': { type: 'string' },
      request: { type: 'string' },
    },
  });
  const [command, ...args] = positionals;
  request = values.request ?? '';
  try {
    // Reads and writes of the registry under its lock: a page server's automatic rollback never crosses them.
    if (command === 'promote')
      withRegistryLock(dir, () => {
        checkPackage(args[0]);
        if (!alreadyDone(request, command, args[0])) promote(args[0], args[1], values);
      });
    else if (command === 'rollback')
      withRegistryLock(dir, () => {
        checkPackage(args[0]);
        if (!alreadyDone(request, command, args[0])) rollback(args[0]);
      });
    else if (command === 'status') status(args[0]);
    else
      fail(
        'usage: releases.mjs promote <package> <version> [--canary <percent> [--margin M] [--min-clients N]] | rollback <package> | status [package]',
      );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`${command ?? 'releases'} refused: ${error.message}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof Error) || !('code' in error) || !String(error.code).startsWith('ERR_PARSE_ARGS')) throw error;
  console.error(`releases refused: ${error.message}`);
  process.exitCode = 1;
}
