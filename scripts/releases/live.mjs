// What the site serves now, from the registry: the shell's runtime config with each remote's live manifest URL, and
// the folder of the live shell. Used by scripts/static-server.mjs on every request (the registry can change at any
// time; a read is a stat and, when the file changed, one small JSON parse).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS } from '../lib/stack.mjs';
import { readRegistry, releaseDir } from './store.mjs';

/** A reader of registry.json that parses it again only when the file changed. */
export function registryReader(dir) {
  const file = path.join(dir, 'registry.json');
  let seen = '';
  let registry = {};
  return () => {
    const stat = existsSync(file) ? statSync(file) : undefined;
    const key = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : '';
    if (key !== seen) {
      registry = stat ? readRegistry(dir) : {};
      seen = key;
    }
    return registry;
  };
}

/** The manifest URL of a live release: inside its publicPath, else under releases/ beside the unversioned manifest. */
export function liveManifestUrl(baseManifestUrl, live) {
  if (typeof live.publicPath === 'string' && /^https?:\/\//.test(live.publicPath))
    return `${live.publicPath}mf-manifest.json`;
  return new URL(`releases/${live.version}/mf-manifest.json`, baseManifestUrl).href;
}

/** The runtime config with every remote that has a live release pointed at it; the others keep their dist/ URL. */
export function withLiveRemotes(config, registry) {
  const remotes = { ...config.remotes };
  for (const f of FRONT_ENDS) {
    const live = registry[f.name]?.live;
    if (f.federation && live && remotes[f.federation])
      remotes[f.federation] = liveManifestUrl(remotes[f.federation], live);
  }
  return { ...config, remotes };
}

/** The folder of the shell's live release, or undefined when none is promoted (or it is missing on disk). */
export function liveShellDir(dir, registry) {
  const live = registry.shell?.live;
  const folder = live && releaseDir(dir, 'shell', live.version);
  return folder && existsSync(folder) ? folder : undefined;
}
