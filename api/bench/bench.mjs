#!/usr/bin/env node
// `npm run bench -w api`: requests/s and p50/p99 latency of the public lists with autocannon, at 50 and 200
// connections. Without BENCH_URL it starts its own stack (fresh embedded database + auth emulator on free ports,
// seeded demo data, the built API from api/dist on a free port) and stops it afterwards; then it measures
// GET /classes through nginx in front of that replica, and of two replicas (BENCH_NGINX=0 skips those lines). With
// BENCH_URL (e.g. http://localhost:5000) it measures that running API instead and starts nothing.
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { startDevDb } from '../../scripts/lib/devdb.mjs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { spawnService, ready } from '../../scripts/lib/proc.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connectionsList = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const routes = (process.env.BENCH_PATHS ?? '/classes,/classes/popular').split(',');

async function startOwnStack() {
  const main = path.join(apiDir, 'dist/main.js');
  if (!existsSync(main)) throw new Error('api/dist is missing: run `npm run build -w api` first');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sportify-bench-'));
  const [db, auth] = await Promise.all([
    startDevDb({ port: await freePort(), file: path.join(dataDir, 'db.mv') }),
    startAuthEmulator({ port: await freePort() }),
  ]);
  const env = {
    SPORTIFY_DEV_MODE: '1',
    MONGODB_URI: `${db.uri}/sportify`,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    // One log line per request would measure the terminal; warnings and errors are still printed.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    TRUST_PROXY: '1',
  };
  const replicas = [];
  const addReplica = async () => {
    const port = await freePort();
    const api = spawnService(`api-${replicas.length + 1}`, process.execPath, [main], { env: { ...env, PORT: String(port) }, quiet: true });
    replicas.push(api);
    await ready(api, [`http://127.0.0.1:${port}/health/ready`], 60_000);
    return `127.0.0.1:${port}`;
  };
  const first = await addReplica();
  await execa(process.execPath, [path.join(apiDir, 'dist/seed/run.js')], { env: { ...process.env, ...env } });
  /** @type {Awaited<ReturnType<typeof startNginx>> | null} */
  let lb = null;
  return {
    url: `http://${first}`,
    /** nginx in front of `count` replicas (starting more as needed); returns its URL. */
    async balanced(/** @type {number} */ count) {
      const upstreams = [first];
      while (upstreams.length < count) upstreams.push(await addReplica());
      if (!lb) lb = await startNginx({ port: await freePort(), upstreams, dir: path.join(dataDir, 'nginx') });
      else {
        await lb.reload(upstreams);
        await new Promise((resolve) => setTimeout(resolve, 1000)); // old workers hand over
      }
      return lb.url;
    },
    async stop() {
      await lb?.stop();
      await Promise.all(replicas.map((r) => r.stop()));
      await Promise.allSettled([auth.stop(), db.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

async function main() {
  const target = process.env.BENCH_URL ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} } : await startOwnStack();
  console.log(`Benchmarking ${target.url} (${process.env.BENCH_URL ? 'running API' : 'own API + embedded database, seeded'}), ${duration} s per run`);
  const rows = [];
  const measure = async (/** @type {string} */ base, /** @type {string} */ route, /** @type {string} */ via) => {
    const url = base + route;
    const check = await fetch(url);
    if (!check.ok) throw new Error(`GET ${route} answered ${check.status}`);
    const items = (await check.json()).length;
    await run({ url, connections: 10, duration: 2 }); // warm-up
    for (const connections of connectionsList) {
      const r = await run({ url, connections, duration });
      rows.push({
        route: `GET ${route} (${items} items)${via}`,
        connections,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'non-2xx': r.non2xx,
        errors: r.errors + r.timeouts,
      });
    }
  };
  try {
    for (const route of routes) await measure(target.url, route, '');
    if ('balanced' in target && process.env.BENCH_NGINX !== '0') {
      for (const count of [1, 2]) await measure(await target.balanced(count), routes[0], ` via nginx, ${count} replica${count > 1 ? 's' : ''}`);
    }
  } finally {
    await target.stop();
  }
  console.table(rows);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
