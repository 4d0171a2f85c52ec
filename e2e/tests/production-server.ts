import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ports } from './ports';

// A page server started as the README's production layout says (node page-server/dist/server.js,
// no SPORTIFY_DEV_MODE), on the journeys' builds and releases, against the journeys' API.

export const repo = path.resolve(__dirname, '../..');
const dataDir = path.resolve(repo, process.env.SPORTIFY_DATA_DIR || '.data-e2e');
const PAGE_SERVER = path.join(repo, 'page-server/dist/server.js');
const ASSET_SERVER = path.join(repo, 'page-server/dist/assets.js');
export const REMOTES = [
  'mf-public:mf_public',
  'mf-student:mf_student',
  'mf-instructor:mf_instructor',
  'mf-admin:mf_admin',
];

/** Production keys of these journeys' own (never the development defaults the stack runs with). */
export const PRODUCTION_KEYS = {
  ops: 'production-journey-ops-key-0123456789abcdef0123456789',
  override: 'production-journey-override-key-0123456789abcdef01234',
  report: 'production-journey-report-key-0123456789abcdef012345',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = (server as net.Server).address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** This process's environment without the development flag (production is what is left). */
export function productionEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const {
    SPORTIFY_DEV_MODE: _dev,
    SPORTIFY_OPS_KEY: _ops,
    SPORTIFY_OVERRIDE_KEY: _override,
    SPORTIFY_REPORT_KEY: _report,
    ...env
  } = process.env;
  return { ...env, ...settings };
}

/**
 * The settings a production page server needs: the stack's runtime config (its emulator and localhost addresses
 * allowed, as for a page server beside a local stack only), its API and keys of its own.
 */
export async function productionSettings(): Promise<Record<string, string>> {
  const site = `http://localhost:${ports.shell}`;
  const {
    routes: _routes,
    routesVersion: _version,
    releases: _releases,
    ...config
  } = (await (await fetch(`${site}/config.json`)).json()) as Record<string, unknown>;
  return {
    SPORTIFY_RUNTIME_CONFIG: JSON.stringify(config),
    SPORTIFY_ALLOW_LOCAL_RUNTIME_CONFIG: '1',
    SPORTIFY_API_URL: `http://localhost:${ports.api}`,
    SPORTIFY_OPS_KEY: PRODUCTION_KEYS.ops,
    SPORTIFY_OVERRIDE_KEY: PRODUCTION_KEYS.override,
    SPORTIFY_REPORT_KEY: PRODUCTION_KEYS.report,
  };
}

export interface Started {
  url: string;
  child: ChildProcess;
  stop: () => void;
}

function run(args: string[], env: NodeJS.ProcessEnv, log: string): ChildProcess {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, args, { cwd: repo, env, detached: true });
  const out = createWriteStream(path.join(dataDir, log));
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

const pageServerArgs = (port: number) => [
  PAGE_SERVER,
  ...['--dir', path.join(repo, 'shell/dist'), '--port', String(port)],
  ...['--releases', process.env.SPORTIFY_RELEASES_DIR ?? path.join(dataDir, 'releases')],
  ...REMOTES.flatMap((remote) => ['--remote', `${remote}:${path.join(repo, remote.split(':')[0], 'dist')}`]),
];

/** Resolves once `url` answers, or rejects when the process exits first or after 30 s. */
async function answering(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

const stopper = (child: ChildProcess) => () => {
  if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
};

/** A production page server; `settings` replace the production settings (none: exactly what is given). */
export async function startProductionPageServer(
  settings: Record<string, string>,
  log = 'production-page-server.log',
): Promise<Started> {
  const port = await freePort();
  const child = run(pageServerArgs(port), productionEnv(settings), log);
  const url = `http://localhost:${port}`;
  await answering(child, `${url}/config.json`);
  return { url, child, stop: stopper(child) };
}

/** A production page server started with `settings` only: resolves with its exit code and output. */
export async function pageServerRefusal(settings: Record<string, string>): Promise<{ code: number; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, pageServerArgs(port), { cwd: repo, env: productionEnv(settings) });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
  const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? -1)));
  clearTimeout(timer);
  return { code, output };
}

/** mf-public's asset server in production mode (it needs no setting). */
export async function startProductionAssetServer(): Promise<Started> {
  const port = await freePort();
  const args = [
    ASSET_SERVER,
    '--name',
    'mf-public',
    '--dir',
    path.join(repo, 'mf-public/dist'),
    '--port',
    String(port),
  ];
  const child = run(args, productionEnv({}), 'production-asset-server.log');
  const url = `http://localhost:${port}`;
  await answering(child, `${url}/mf-manifest.json`);
  return { url, child, stop: stopper(child) };
}
