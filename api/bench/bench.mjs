#!/usr/bin/env node
// `npm run bench -w api`: requests/s and p50/p99 latency of the public lists with autocannon, at 50 and 200
// connections. Without BENCH_URL it starts its own stack (fresh embedded database + auth emulator on free ports,
// seeded demo data, the built API from api/dist on a free port) and stops it afterwards. With BENCH_URL (e.g.
// http://localhost:5000) it measures that running API instead and starts nothing.
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { startDevDb } from '../../scripts/lib/devdb.mjs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
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
  const port = await freePort();
  const env = {
    SPORTIFY_DEV_MODE: '1',
    PORT: String(port),
    MONGODB_URI: `${db.uri}/sportify`,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    // One log line per request would measure the terminal; warnings and errors are still printed.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const api = spawnService('api', process.execPath, [main], { env, quiet: true });
  await ready(api, [`http://127.0.0.1:${port}/health`], 60_000);
  await execa(process.execPath, [path.join(apiDir, 'dist/seed/run.js')], { env: { ...process.env, ...env } });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await api.stop();
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
  try {
    for (const route of routes) {
      const url = target.url + route;
      const check = await fetch(url);
      if (!check.ok) throw new Error(`GET ${route} answered ${check.status}`);
      const items = (await check.json()).length;
      await run({ url, connections: 10, duration: 2 }); // warm-up
      for (const connections of connectionsList) {
        const r = await run({ url, connections, duration });
        rows.push({
          route: `GET ${route} (${items} items)`,
          connections,
          'req/s': Math.round(r.requests.average),
          'p50 ms': r.latency.p50,
          'p99 ms': r.latency.p99,
          'non-2xx': r.non2xx,
          errors: r.errors + r.timeouts,
        });
      }
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
