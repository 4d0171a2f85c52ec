// The release guard: can the live shell run this remote build? The page takes every shared singleton from the shell
// ('loaded-first'), so a remote works only if the shell's version of each satisfies the remote's requiredVersion and
// the shell's copy of @sportify/shared-ui (and its /router list) exports every name the remote imports.
// Read from the builds' mf-manifest.json and sportify-build.json (@sportify/build, plugins/build-info.js), never from source.
import path from 'node:path';
import semver from 'semver';
import { readJson } from './store.mjs';

/**
 * Reads what the guard needs from a build folder (a release folder or a dist/).
 * @returns {{ dir: string, manifest: any, build: any } | undefined}
 */
export function readBuild(dir) {
  const manifest = readJson(path.join(dir, 'mf-manifest.json'));
  const build = readJson(path.join(dir, 'sportify-build.json'));
  if (!manifest || !build) return undefined;
  return { dir, manifest, build };
}

/**
 * Every reason `shell` cannot run `remote`, each a sentence naming the cause; empty when compatible.
 * @param {{ manifest: any, build: any }} shell
 * @param {{ manifest: any, build: any }} remote
 * @param {string} [shellLabel] how messages name the shell
 */
export function incompatibilities(shell, remote, shellLabel = 'the live shell') {
  const problems = [];
  const remoteName = remote.manifest.name;
  const provided = new Map((shell.manifest.shared ?? []).map((entry) => [entry.name, entry]));
  for (const wanted of remote.manifest.shared ?? []) {
    if (!wanted.singleton) continue;
    const have = provided.get(wanted.name);
    if (!have) {
      problems.push(`${remoteName} shares "${wanted.name}" as a singleton, but ${shellLabel} does not provide it`);
    } else if (
      wanted.requiredVersion &&
      !semver.satisfies(have.version, wanted.requiredVersion, { includePrerelease: true })
    ) {
      problems.push(
        `${remoteName} requires ${wanted.name}@${wanted.requiredVersion}, but ${shellLabel} provides ${have.version}`,
      );
    }
  }
  for (const [entry, names] of Object.entries(remote.build.imports ?? {})) {
    if (!names.length) continue;
    const exported = shell.build.provides?.[entry];
    if (!exported) {
      problems.push(
        `${remoteName} imports from ${entry}, but ${shellLabel} does not list what it provides (built before sportify-build.json existed?)`,
      );
      continue;
    }
    if (exported.includes('*')) continue;
    const missing = names.filter((name) => name !== '*' && !exported.includes(name));
    if (missing.length) {
      problems.push(
        `${remoteName} imports ${missing.map((name) => `"${name}"`).join(', ')} from ${entry}, which ${shellLabel} does not export`,
      );
    }
  }
  return problems;
}
