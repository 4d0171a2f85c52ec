#!/usr/bin/env node
// Switches which release of a front end is live, and shows what is live.
//   npm run promote -- <package> <version>    make that release live
//   npm run rollback -- <package>             go back to the release that was live before the current one
//   npm run releases [-- <package>]           live release, rollback stack and published releases
// The registry is rewritten atomically (temporary file + rename); the shell's server reads it on every config.json
// request, so the next page load uses the new release with no restart. Every switch is appended to history.jsonl.
import path from 'node:path';
import { FRONT_ENDS } from './lib/stack.mjs';
import { guardProblems } from './releases/guard.mjs';
import {
  listReleases,
  operator,
  readRegistry,
  readRelease,
  recordHistory,
  registryEntry,
  releaseDir,
  releasesDir,
  repoRoot,
  writeRegistry,
} from './releases/store.mjs';

class Refused extends Error {}
/** @type {(message: string) => never} */
const fail = (message) => {
  throw new Refused(message);
};

const keep = Number(process.env.SPORTIFY_KEEP_RELEASES ?? 5);
const dir = releasesDir();

function checkPackage(pkg) {
  if (!FRONT_ENDS.some((f) => f.name === pkg)) {
    fail(`"${pkg ?? ''}" is not a front end (${FRONT_ENDS.map((f) => f.name).join(', ')})`);
  }
}

/** Makes `version` of `pkg` live; `stack` is the rollback stack after the switch (its last entry is `version`). */
function makeLive(pkg, version, stack, action) {
  const release = readRelease(dir, pkg, version);
  if (!release) fail(`${pkg} has no release ${version} in ${path.relative(repoRoot, path.join(dir, pkg)) || dir}`);
  const problems = guardProblems(dir, pkg, releaseDir(dir, pkg, version));
  if (problems.length) fail(`${pkg} ${version} does not fit what is live:\n  - ${problems.join('\n  - ')}`);
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
  registry[pkg] = { live: registryEntry(release, time), previous, stack };
  writeRegistry(dir, registry);
  recordHistory(dir, {
    action,
    package: pkg,
    version,
    commit: release.commit,
    from: current?.live?.version ?? null,
    who: operator(),
  });
  console.log(
    `${pkg}: ${version} is live${current?.live ? ` (was ${current.live.version})` : ''}. Open pages switch on their next load.`,
  );
}

function promote(pkg, version) {
  checkPackage(pkg);
  if (!version) fail('usage: npm run promote -- <package> <version> (npm run releases lists them)');
  const stack = readRegistry(dir)[pkg]?.stack ?? [];
  if (stack.at(-1) === version) fail(`${pkg} ${version} is already live`);
  // The stack holds what rollback can return to; releases on it are never pruned, so it stays short.
  makeLive(pkg, version, [...stack.filter((v) => v !== version), version].slice(-keep), 'promote');
}

function rollback(pkg) {
  checkPackage(pkg);
  const stack = readRegistry(dir)[pkg]?.stack ?? [];
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
    if (entry?.previous) console.log(`  previous ${entry.previous.version}`);
    for (const release of listReleases(dir, f.name)) {
      console.log(
        `  ${release.version === entry?.live?.version ? '*' : ' '} ${release.version}  built ${release.builtAt}${release.tested ? '' : '  (tests skipped)'}`,
      );
    }
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'promote') promote(args[0], args[1]);
  else if (command === 'rollback') rollback(args[0]);
  else if (command === 'status') status(args[0]);
  else fail('usage: releases.mjs promote <package> <version> | rollback <package> | status [package]');
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(`${command ?? 'releases'} refused: ${error.message}`);
  process.exitCode = 1;
}
