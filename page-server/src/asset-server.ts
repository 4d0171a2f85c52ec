import http from 'node:http';
import { fileIn, sendFile } from './files.js';
import { NOTHING_RUNS_POLICY, setSecurityHeaders } from './headers.js';
import { withLifecycle } from './lifecycle.js';
import { guarded, notFound, sendRelease } from './serve.js';

export interface AssetServerSettings {
  /** The package whose files these are (names its folder of releases). */
  name: string;
  /** Its unversioned build (dist/). */
  dir: string;
  releasesDir: string;
  devMode: boolean;
}

/**
 * A remote's files on an origin of their own, as a CDN would serve them: its build and, under
 * `/releases/<version>/`, each of its published releases. Public static files only, so any page may fetch them.
 */
export function createAssetServer(settings: AssetServerSettings): http.Server {
  const rule = { sourceMaps: settings.devMode };
  const handler = guarded(
    {
      headers: (res) => {
        setSecurityHeaders(res, NOTHING_RUNS_POLICY, !settings.devMode);
        // The shell's page loads these cross-origin; the timing header lets it (and the benchmarks) read real sizes.
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Timing-Allow-Origin', '*');
      },
    },
    (req, res, target) => {
      if (sendRelease(req, res, settings.releasesDir, settings.name, target.decoded, rule)) return;
      const found = fileIn(settings.dir, target.decoded, rule);
      if (found) sendFile(req, res, found);
      else notFound(res);
    },
  );
  return withLifecycle(http.createServer((req, res) => void handler(req, res)));
}
