// Real processes for the scale-out and fault tests: the built API (api/dist, as `npm start` runs it), the embedded
// database and nginx (through service-cli.mjs, the launcher's own code), each on free ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const apiDir = path.resolve(__dirname, '../..');
const MAIN = path.join(apiDir, 'dist/main.js');
const SERVICE_CLI = path.join(__dirname, 'service-cli.mjs');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** These tests run the built API; a missing or stale build would test something else. */
export function assertApiBuilt(): void {
  if (!existsSync(MAIN) || statSync(MAIN).mtimeMs < newestMtime(path.join(apiDir, 'src'))) {
    throw new Error('api/dist is missing or older than api/src: run `npm run build -w api` first (npm test does)');
  }
}

/** The process's exit, or null when it is still running after `ms`. */
export async function exitWithin(
  proc: Proc,
  ms: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([proc.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Proc {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive: () => boolean;
  stop: () => Promise<void>;
}

function run(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => out,
    exited,
    alive,
    stop: async () => {
      if (!alive()) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function until(what: string, proc: Proc, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!proc.alive()) throw new Error(`${what} exited before it was ready:\n${proc.output()}`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} was not ready within ${timeoutMs} ms:\n${proc.output()}`);
}

export interface ApiProc extends Proc {
  url: string;
  port: number;
}

/** Starts `node api/dist/main.js` with `env` on a free port; `ready: false` returns at once. */
export async function startApiProcess(env: Record<string, string>, opts: { ready?: boolean } = {}): Promise<ApiProc> {
  assertApiBuilt();
  const port = await freePort();
  const proc = run([MAIN], { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  if (opts.ready !== false) await until('API', proc, async () => (await fetch(`${url}/health/ready`)).ok, 60_000);
  return { ...proc, url, port };
}

/** The embedded database on `port` with its data in `file` (the same port and file again after a stop). */
export async function startDevDbProcess(port: number, file: string): Promise<Proc> {
  const proc = run([SERVICE_CLI, 'devdb', String(port), file], {});
  await until('embedded database', proc, async () => proc.output().includes('READY'), 90_000);
  return proc;
}

/** nginx on a free port in front of `upstreams` (host:port), config and logs in `dir`. */
export async function startNginxProcess(dir: string, upstreams: string[]): Promise<Proc & { url: string }> {
  const port = await freePort();
  const proc = run([SERVICE_CLI, 'nginx', String(port), dir, ...upstreams], {});
  await until('nginx', proc, async () => proc.output().includes('READY'), 30_000);
  return { ...proc, url: `http://127.0.0.1:${port}` };
}
