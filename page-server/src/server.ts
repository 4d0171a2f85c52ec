// The page server: node page-server/dist/server.js --dir shell/dist --port 3000
//   --remote mf-public:mf_public:mf-public/dist [--remote ...] [--releases releases] [--host 127.0.0.1]
// Environment: SPORTIFY_API_URL (the API behind /api), SPORTIFY_RUNTIME_CONFIG (JSON; else the shell build's
// config.json), SPORTIFY_RELEASES_DIR, SPORTIFY_DEV_MODE ('1': development, anything else production),
// PAGE_RENDER_TIMEOUT_MS (default 1500), SPORTIFY_OPS_KEY (reads the API's health figures and is carried by error
// reports), SPORTIFY_OVERRIDE_KEY (signs remote overrides), SPORTIFY_OVERRIDE_ORIGINS (where overrides may load
// from), SPORTIFY_CANARY_CHECK_MS (default 5000), SPORTIFY_REPORT_KEY (signs report tokens and cohort cookies, the
// API's same key), SPORTIFY_TRUST_PROXY (the proxies whose X-Forwarded-For names the client), METRICS_PORT (GET
// /metrics on a port of its own; unset: none), SHUTDOWN_TIMEOUT_SECONDS (the drain at SIGTERM, default 10). In
// production mode it refuses to start without the settings of PAGE_SERVER_SETTINGS, naming each.
import { requireProductionSettings, SettingsError } from '@sportify/platform';
import { parseOverrideOrigins } from '@sportify/platform/keys';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PageMetrics } from './metrics.js';
import { OVERRIDE_PATH, opsKeyOf, overrideKeyOf } from './override.js';
import { createPageServer } from './page-server.js';
import { reportKeyOf } from './report-key.js';
import { devModeOf, listen, readArgs } from './serve.js';
import { LOCAL_CONFIG_FLAG, PAGE_SERVER_SETTINGS } from './settings.js';
import type { RemoteBuild } from './site.js';
import { parseTrustProxy } from './client.js';

try {
  requireProductionSettings('The page server', process.env, PAGE_SERVER_SETTINGS);
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
const timeout = Number(process.env.PAGE_RENDER_TIMEOUT_MS || 1500);
if (!Number.isFinite(timeout) || timeout <= 0) {
  console.error(`PAGE_RENDER_TIMEOUT_MS must be a number of milliseconds, got "${process.env.PAGE_RENDER_TIMEOUT_MS}"`);
  process.exit(2);
}

const canaryCheckMs = Number(process.env.SPORTIFY_CANARY_CHECK_MS || 5000);
if (!Number.isFinite(canaryCheckMs) || canaryCheckMs < 100) {
  console.error(
    `SPORTIFY_CANARY_CHECK_MS must be a number of milliseconds (100 or more), got "${process.env.SPORTIFY_CANARY_CHECK_MS}"`,
  );
  process.exit(2);
}
const devMode = devModeOf(process.env);
if (!devMode && process.env[LOCAL_CONFIG_FLAG] === '1')
  console.warn(
    `page server: ${LOCAL_CONFIG_FLAG}=1: the runtime config may name the Auth emulator and loopback addresses; for a page server beside a local stack only, never a deployment`,
  );
const opsKey = opsKeyOf(process.env, devMode);
const overrideKey = overrideKeyOf(process.env, devMode);
if (!overrideKey) console.warn('page server: SPORTIFY_OVERRIDE_KEY is unset: remote overrides are off');

let reportKey: string;
try {
  reportKey = reportKeyOf(process.env, devMode);
} catch (error) {
  console.error(`page server: ${(error as Error).message}`);
  process.exit(2);
}

const metricsPort = Number(process.env.METRICS_PORT?.trim() || 0);
if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) {
  console.error(`METRICS_PORT must be a port number (or unset: no metrics), got "${process.env.METRICS_PORT}"`);
  process.exit(2);
}
const metrics = new PageMetrics([OVERRIDE_PATH]);
// Production checked these at the start; development mode names a malformed one here.
const trustProxy = process.env.SPORTIFY_TRUST_PROXY || undefined;
try {
  parseTrustProxy(trustProxy);
} catch (error) {
  console.error(`page server: SPORTIFY_TRUST_PROXY ${(error as Error).message}`);
  process.exit(2);
}
let overrideOrigins: string[] | undefined;
if (process.env.SPORTIFY_OVERRIDE_ORIGINS?.trim()) {
  const { origins, problems } = parseOverrideOrigins(process.env.SPORTIFY_OVERRIDE_ORIGINS, !devMode);
  if (problems.length) {
    console.error(`page server: SPORTIFY_OVERRIDE_ORIGINS ${problems.join('; ')}`);
    process.exit(2);
  }
  overrideOrigins = origins;
}
let baseConfig: Record<string, unknown> | undefined;
try {
  baseConfig = process.env.SPORTIFY_RUNTIME_CONFIG ? JSON.parse(process.env.SPORTIFY_RUNTIME_CONFIG) : undefined;
} catch (error) {
  console.error(`page server: SPORTIFY_RUNTIME_CONFIG must be JSON (${(error as Error).message})`);
  process.exit(2);
}

const server = createPageServer({
  shellDist,
  releasesDir: path.resolve(String(args.releases ?? process.env.SPORTIFY_RELEASES_DIR ?? 'releases')),
  remotes,
  baseConfig,
  apiUrl: process.env.SPORTIFY_API_URL || undefined,
  devMode,
  renderTimeoutMs: timeout,
  opsKey,
  overrideKey,
  canaryCheckMs,
  reportKey,
  metrics,
  trustProxy,
  overrideOrigins,
});
listen(server, 'page server', Number(args.port), args.host, shellDist);
if (metricsPort)
  metrics.listen(metricsPort, args.host).then(
    () => console.log(`page server metrics on http://localhost:${metricsPort}/metrics`),
    (error: Error) => {
      console.error(`page server: cannot serve its metrics on port ${metricsPort}: ${error.message}`);
      process.exit(1);
    },
  );
