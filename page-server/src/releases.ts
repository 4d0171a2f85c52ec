import type { LiveRelease } from '@sportify/platform/releases';

/** The manifest URL of a live release: inside its publicPath, else under releases/ beside the unversioned manifest. */
export function liveManifestUrl(baseManifestUrl: string, live: LiveRelease): string {
  if (typeof live.publicPath === 'string' && /^https?:\/\//.test(live.publicPath))
    return `${live.publicPath}mf-manifest.json`;
  return new URL(`releases/${live.version}/mf-manifest.json`, baseManifestUrl).href;
}
