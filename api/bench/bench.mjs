#!/usr/bin/env node
// `npm run bench -w api`: requests/s and p50/p99 latency of the lists with autocannon, at 50 and 200 connections.
// Without BENCH_URL it starts its own stack (fresh embedded database + auth emulator on free ports, seeded demo data
// plus the large data set of dataset.mjs: 10,000 classes and 100,000 users, the built API from api/dist on a free
// port) and stops it afterwards; BENCH_DATASET=seed keeps only the demo data. Then it measures GET /classes/popular
// (BENCH_NGINX_PATH) through nginx in front of that replica, and of two replicas (BENCH_NGINX=0 skips those lines). With BENCH_URL
// (e.g. http://localhost:5000) it measures that running API instead and starts nothing (admin-only routes then need
// FIREBASE_AUTH_EMULATOR_HOST to sign in the demo admin). A route ending in `+seats` (the default list has
// `/classes+seats`) is measured gzipped, as browsers ask for it, while a demo student pays for one class after
// another in BENCH_PAYERS (4) parallel loops (sandbox card, each call from its own client address), so seat changes
// keep invalidating the list's cache as on a busy sale.
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { startDevDb } from '@sportify/scripts/lib/devdb.mjs';
import { startAuthEmulator } from '@sportify/scripts/lib/auth-emulator.mjs';
import { startNginx } from '@sportify/scripts/lib/nginx.mjs';
import { freePort } from '@sportify/scripts/lib/ports.mjs';
import { spawnService, ready } from '@sportify/scripts/lib/proc.mjs';
import { writeDataset } from './dataset.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connectionsList = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const large = (process.env.BENCH_DATASET ?? 'large') === 'large';
// A filtered, sorted page of the public list and a page of the admin's user list, next to the lists of docs/product.md.
const DEFAULT_PATHS = [
  '/classes',
  '/classes+seats',
  '/classes/popular',
  '/classes?q=camp&available=true&minPrice=50&maxPrice=300&sort=price&page=3',
  '/users?page=50',
];
const routes = process.env.BENCH_PATHS ? process.env.BENCH_PATHS.split(',') : DEFAULT_PATHS;
// The load balancer's own cost shows best on a small cached list.
const NGINX_PATH = process.env.BENCH_NGINX_PATH ?? '/classes/popular';
const ADMIN = { email: 'admin@sportify.camp', password: 'Admin@2026' };
const STUDENT = { email: 'mia@sportify.camp', password: 'Student@2026' };
const SEATS_SUFFIX = '+seats';

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
    // The bench is one client measuring throughput: per-client limits would measure themselves.
    RATE_LIMIT_READS: '100000000',
    RATE_LIMIT_WRITES: '1000000',
  };
  const replicas = [];
  const addReplica = async () => {
    const port = await freePort();
    const api = spawnService(`api-${replicas.length + 1}`, process.execPath, [main], {
      env: { ...env, PORT: String(port) },
      quiet: true,
    });
    replicas.push(api);
    await ready(api, [`http://127.0.0.1:${port}/health/ready`], 60_000);
    return `127.0.0.1:${port}`;
  };
  const first = await addReplica();
  await execa(process.execPath, [path.join(apiDir, 'dist/seed/run.js')], { env: { ...process.env, ...env } });
  if (large) {
    const started = Date.now();
    const n = await writeDataset(env.MONGODB_URI);
    console.log(
      `Data set: ${n.classes} classes and ${n.users} users written in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  /** @type {Awaited<ReturnType<typeof startNginx>> | null} */
  let lb = null;
  return {
    authHost: auth.host,
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

/** A demo account's API token: the Auth emulator's REST sign-in, then POST /jwt. */
async function tokenOf(apiUrl, authHost, account = ADMIN) {
  const signIn = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, returnSecureToken: true }),
    },
  );
  if (!signIn.ok) throw new Error(`Auth emulator sign-in answered ${signIn.status}`);
  const { idToken } = await signIn.json();
  const jwt = await fetch(`${apiUrl}/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ email: account.email }),
  });
  if (!jwt.ok) throw new Error(`POST /jwt answered ${jwt.status}`);
  return (await jwt.json()).token;
}

/**
 * Pays for one approved class with free seats after another as the demo student (select, intent, sandbox card,
 * POST /payments: one seat taken each), until `stop()`; returns how many seats were taken.
 */
function payContinuously(apiUrl, authHost, payers = Number(process.env.BENCH_PAYERS ?? 4)) {
  let stopped = false;
  let taken = 0;
  let failed = 0;
  let client = 0;
  const pay = async (/** @type {Record<string, string>} */ auth, /** @type {number} */ payer) => {
    const post = async (route, body) => {
      client++;
      const res = await fetch(apiUrl + route, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${route} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    for (let page = 1; !stopped; page++) {
      const res = await fetch(`${apiUrl}/classes?available=true&sort=name&limit=60&page=${page}`);
      if (!res.ok) {
        // A busy API may answer 503: the same page again, a moment later.
        failed++;
        page--;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      const list = await res.json();
      if (!list.items.length) break;
      for (const c of list.items.filter((_, i) => i % payers === payer)) {
        if (stopped) break;
        // A class paid for in an earlier run, or filled meanwhile, refuses a step: counted and skipped.
        try {
          const { insertedId: selectionId } = await post('/classes/selected', {
            classId: c._id,
            studentEmail: STUDENT.email,
          });
          const intent = await post('/create-payment-intent', { selectionId });
          await post('/payments/sandbox/confirm', {
            clientSecret: intent.clientSecret,
            cardNumber: '4242 4242 4242 4242',
            expMonth: 12,
            expYear: new Date().getFullYear() + 2,
            cvc: '123',
            billingDetails: { email: STUDENT.email, name: 'Bench' },
          });
          await post('/payments', {
            email: STUDENT.email,
            className: c.className,
            transactionId: intent.paymentIntentId,
            price: c.price,
            id: c._id,
            deleteId: selectionId,
            date: new Date().toISOString(),
            status: 'service pending',
          });
          taken++;
        } catch {
          failed++;
        }
      }
    }
  };
  const done = tokenOf(apiUrl, authHost, STUDENT).then((token) =>
    Promise.all(Array.from({ length: payers }, (_, payer) => pay({ authorization: `Bearer ${token}` }, payer))),
  );
  return {
    async stop() {
      stopped = true;
      await done;
      return { taken, failed };
    },
  };
}

async function main() {
  const target = process.env.BENCH_URL
    ? {
        url: process.env.BENCH_URL.replace(/\/$/, ''),
        authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
        stop: async () => {},
      }
    : await startOwnStack();
  const data = process.env.BENCH_URL
    ? 'running API'
    : `own API + embedded database, seeded${large ? ' + 10,000 classes and 100,000 users' : ''}`;
  console.log(`Benchmarking ${target.url} (${data}), ${duration} s per run`);
  const rows = [];
  const measure = async (/** @type {string} */ base, /** @type {string} */ listed, /** @type {string} */ via) => {
    const withSeatChanges = listed.endsWith(SEATS_SUFFIX);
    const route = withSeatChanges ? listed.slice(0, -SEATS_SUFFIX.length) : listed;
    const url = base + route;
    // Admin-only lists are measured with the demo admin's token (auth guard and role lookup included).
    const headers = route.startsWith('/users?')
      ? { authorization: `Bearer ${await tokenOf(base, target.authHost)}` }
      : withSeatChanges
        ? { 'accept-encoding': 'gzip' } // as a browser asks for it
        : {};
    const check = await fetch(url, { headers });
    if (!check.ok) throw new Error(`GET ${route} answered ${check.status}`);
    const body = await check.json();
    const items = Array.isArray(body) ? `${body.length} items` : `${body.items.length} of ${body.total}`;
    await run({ url, headers, connections: 10, duration: 2 }); // warm-up
    for (const connections of connectionsList) {
      const payments = withSeatChanges ? payContinuously(base, target.authHost) : null;
      const started = Date.now();
      const r = await run({ url, headers, connections, duration });
      const paid = await payments?.stop();
      const during = paid
        ? `, gzip, ${(paid.taken / ((Date.now() - started) / 1000)).toFixed(1)} seats taken/s` +
          (paid.failed ? ` (${paid.failed} payments refused)` : '')
        : '';
      rows.push({
        route: `GET ${route} (${items})${via}${during}`,
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
      for (const count of [1, 2])
        await measure(await target.balanced(count), NGINX_PATH, ` via nginx, ${count} replica${count > 1 ? 's' : ''}`);
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
