// The page server: node page-server/dist/page-server/src/server.js --dir shell/dist --port 3000
//   --remote mf-public:mf_public:mf-public/dist [--remote ...] [--releases releases] [--host 127.0.0.1]
// Environment: SPORTIFY_API_URL (the API behind /api), SPORTIFY_RUNTIME_CONFIG (JSON; else the shell build's
// config.json), SPORTIFY_RELEASES_DIR, SPORTIFY_DEV_MODE ('0': production), PAGE_RENDER_TIMEOUT_MS (default 1500),
// SPORTIFY_OPS_KEY (signs remote overrides, reads the API's health figures and is carried by error reports;
// development default in development mode), SPORTIFY_CANARY_CHECK_MS (default 5000), SPORTIFY_REPORT_KEY (signs
// report tokens and cohort cookies, the API's same key; required outside development mode).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { opsKeyOf } from './override.js';
import { createPageServer } from './page-server.js';
import { reportKeyOf } from './report-key.js';
import { devModeOf, listen, readArgs } from './serve.js';
import type { RemoteBuild } from './site.js';

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
const opsKey = opsKeyOf(process.env, devMode);
if (!opsKey)
  console.warn(
    'page server: SPORTIFY_OPS_KEY is unset, short or the development one: remote overrides are off, canaries are not rolled back automatically and failed server renders are not reported',
  );

let reportKey: string;
try {
  reportKey = reportKeyOf(process.env, devMode);
} catch (error) {
  console.error(`page server: ${(error as Error).message}`);
  process.exit(2);
}

const server = createPageServer({
  shellDist,
  releasesDir: path.resolve(String(args.releases ?? process.env.SPORTIFY_RELEASES_DIR ?? 'releases')),
  remotes,
  baseConfig: process.env.SPORTIFY_RUNTIME_CONFIG ? JSON.parse(process.env.SPORTIFY_RUNTIME_CONFIG) : undefined,
  apiUrl: process.env.SPORTIFY_API_URL || undefined,
  devMode,
  renderTimeoutMs: timeout,
  opsKey,
  canaryCheckMs,
  reportKey,
});
listen(server, 'page server', Number(args.port), args.host, shellDist);
