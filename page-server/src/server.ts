// The page server: node page-server/dist/server.js --dir shell/dist --port 3000
//   --remote mf-public:mf_public:mf-public/dist [--remote ...] [--releases releases] [--host 127.0.0.1]
// Environment: pageServerSchema's settings (settings.ts: the API, the runtime config, the keys, the override
// origins, the trusted proxies, the timeouts, the metrics port), each checked at start; in production mode it also
// refuses to start without those PAGE_SERVER_SETTINGS requires, naming every problem at once.
import { SettingsError } from '@sportify/platform';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PageMetrics } from './metrics.js';
import { OVERRIDE_PATH } from './override.js';
import { createPageServer } from './page-server.js';
import { listen, readArgs } from './serve.js';
import { LOCAL_CONFIG_FLAG, readPageServerSettings, type PageServerSettings } from './settings.js';
import type { RemoteBuild } from './site.js';

let settings: PageServerSettings;
try {
  settings = readPageServerSettings(process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const usage =
  'server.js --dir SHELL_DIST --port PORT [--remote PACKAGE:FEDERATION_NAME:DIST ...] [--releases DIR] [--host HOST]';
const args = readArgs(
  usage,
  {
    dir: { type: 'string' },
    port: { type: 'string' },
    releases: { type: 'string' },
    remote: { type: 'string', multiple: true },
  },
  ['dir', 'port'],
);

const shellDist = path.resolve(String(args.dir));
if (!existsSync(shellDist)) {
  console.error(`page server: ${shellDist} does not exist; build it first (npm run build).`);
  process.exit(1);
}
const remotes: RemoteBuild[] = ((args.remote as string[] | undefined) ?? []).map((spec) => {
  const [pkg, federation, dist] = spec.split(':');
  if (!pkg || !federation || !dist) {
    console.error(`page server: --remote ${spec} must be PACKAGE:FEDERATION_NAME:DIST`);
    process.exit(2);
  }
  return { package: pkg, federation, dist: path.resolve(dist) };
});
if (settings.localRuntimeConfig && !settings.devMode)
  console.warn(
    `page server: ${LOCAL_CONFIG_FLAG}=1: the runtime config may name the Auth emulator and loopback addresses; for a page server beside a local stack only, never a deployment`,
  );
if (!settings.overrideKey) console.warn('page server: SPORTIFY_OVERRIDE_KEY is unset: remote overrides are off');
const metrics = new PageMetrics([OVERRIDE_PATH]);

const server = createPageServer({
  shellDist,
  releasesDir: path.resolve(String(args.releases ?? settings.releasesDir)),
  remotes,
  baseConfig: settings.runtimeConfig,
  apiUrl: settings.apiUrl,
  devMode: settings.devMode,
  renderTimeoutMs: settings.renderTimeoutMs,
  opsKey: settings.opsKey,
  overrideKey: settings.overrideKey,
  canaryCheckMs: settings.canaryCheckMs,
  reportKey: settings.reportKey,
  metrics,
  trustProxy: settings.trustProxy,
  overrideOrigins: settings.overrideOrigins,
});
listen(server, 'page server', Number(args.port), args.host, shellDist, settings.shutdownTimeoutMs);
const { metricsPort } = settings;
if (metricsPort)
  metrics.listen(metricsPort, args.host).then(
    () => console.log(`page server metrics on http://localhost:${metricsPort}/metrics`),
    (error: Error) => {
      console.error(`page server: cannot serve its metrics on port ${metricsPort}: ${error.message}`);
      process.exit(1);
    },
  );
