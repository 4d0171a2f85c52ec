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
// keep invalidating the list's cache as on a busy sale. BENCH_ACCEPT_ENCODING (e.g. `br`) sends that Accept-Encoding
// on the other public routes. In its own stack it first prints the side-by-side
// table (compare(): the baseline, this API and bare Node on 200 classes; BENCH_COMPARE=0 skips it), before the rest
// of the data set is written.
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import mongoose from 'mongoose';
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
const routes =
  process.env.BENCH_PATHS !== undefined ? process.env.BENCH_PATHS.split(',').filter(Boolean) : DEFAULT_PATHS;
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
    // As the production layout sets it (deploy/helm/sportify: LOG_LEVEL log, a line per request).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'log',
    TRUST_PROXY: '1',
    // The bench is one client measuring throughput: per-client limits would measure themselves.
    RATE_LIMIT_READS: '100000000',
    RATE_LIMIT_CACHED_READS: '100000000',
    RATE_LIMIT_WRITES: '1000000',
  };
  const replicas = [];
  // BENCH_CPU_PROF=<dir>: each replica writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const addReplica = async () => {
    const port = await freePort();
    // Its log goes to a file, as a container's goes to its runtime, not through this process (autocannon's).
    const log = path.join(dataDir, `api-${replicas.length + 1}.log`);
    const api = spawnService(
      `api-${replicas.length + 1}`,
      '/bin/sh',
      ['-c', 'exec "$@" >>"$API_LOG" 2>&1', 'sh', process.execPath, ...profile, main],
      { env: { ...env, PORT: String(port), API_LOG: log }, quiet: true },
    );
    replicas.push(api);
    await ready(api, [`http://127.0.0.1:${port}/health/ready`], 60_000).catch((err) => {
      console.error(readFileSync(log, 'utf8').slice(-4000));
      throw err;
    });
    return `127.0.0.1:${port}`;
  };
  const first = await addReplica();
  await execa(process.execPath, [path.join(apiDir, 'dist/seed/run.js')], { env: { ...process.env, ...env } });
  /** @type {Awaited<ReturnType<typeof startNginx>> | null} */
  let lb = null;
  return {
    authHost: auth.host,
    url: `http://${first}`,
    pid: replicas[0].child.pid,
    mongodbUri: env.MONGODB_URI,
    logLevel: env.LOG_LEVEL,
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

/** Runs one of the comparison servers (baseline-server.mjs, bare-server.mjs) as its own process on a free port. */
async function startServer(
  /** @type {string} */ file,
  /** @type {string[]} */ paths,
  /** @type {Record<string, string>} */ env,
  /** @type {string[]} */ args = [],
  /** @type {string[]} */ nodeFlags = [],
) {
  const port = await freePort();
  // adapters.mjs takes its port as its last argument.
  const argv = args.length ? [...args, String(port)] : [];
  const service = spawnService(
    path.basename(file, '.mjs'),
    process.execPath,
    [...nodeFlags, path.join(apiDir, 'bench', file), ...argv],
    {
      env: { ...env, PORT: String(port) },
      quiet: true,
    },
  );
  await ready(
    service,
    paths.map((p) => `http://127.0.0.1:${port}${p}`),
    30_000,
  );
  return { url: `http://127.0.0.1:${port}`, pid: service.child.pid, stop: () => service.stop() };
}

const COMPARE_CLASSES = 200;

/** Tops the seeded classes up to COMPARE_CLASSES with the first classes of the data set; returns how many it wrote. */
async function writeCompareData(/** @type {string} */ uri) {
  const conn = await mongoose.createConnection(uri).asPromise();
  const seeded = await conn.db.collection('classes').countDocuments();
  await conn.close();
  const add = Math.max(COMPARE_CLASSES - seeded, 0);
  await writeDataset(uri, { classes: add, users: 0 });
  return add;
}

/** Waits (at most 5 s) until the API's list of approved classes is no longer `before` long. */
async function listChanged(/** @type {string} */ url, /** @type {number} */ before) {
  const started = Date.now();
  while (Date.now() - started < 5000) {
    const list = await (await fetch(`${url}/classes`)).json();
    if (list.length !== before) return list.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The API did not see the classes written for the comparison');
}

/**
 * The side-by-side table: the same calls against the original server's way (Express, a find() of every class per
 * request: the baseline), this API, and bare Node answering the API's own bytes from memory (the upper bound), one
 * after the other on the same data; req/s, p50, p99 and the ratios, then the goals.
 */
async function compare(target, /** @type {string[]} */ paths) {
  const baseline = await startServer('baseline-server.mjs', paths, { MONGODB_URI: target.mongodbUri });
  const bodiesFrom = { BENCH_BODIES_FROM: target.url, BENCH_BARE_PATHS: paths.join(',') };
  const bare = await startServer('bare-server.mjs', paths, bodiesFrom);
  // Nest's own floor: the smallest Nest app of the API's kind on Fastify (adapters.mjs), sending the same bytes.
  // With BENCH_CPU_PROF, its profile goes to a folder of its own there, to set beside the API's.
  const floorProfile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, 'floor')}`]
    : [];
  const floor = await startServer('adapters.mjs', paths, bodiesFrom, ['serve', 'fastify'], floorProfile);
  const rows = [];
  /** @type {Record<string, Record<string, { rps: number, p50: number, p99: number, cpu: number }>>} */
  const figures = {};
  try {
    for (const route of paths) {
      for (const connections of connectionsList) {
        const servers = { baseline, api: target, floor, bare };
        for (const { url } of Object.values(servers)) await run({ url: url + route, connections: 10, duration: 2 });
        const row = await interleaved(servers, route, connections);
        figures[`${route} ${connections}`] = row;
        const { baseline: b, api: a, floor: f, bare: n } = row;
        rows.push({
          call: `GET ${route}`,
          conns: connections,
          'baseline req/s': b.rps,
          'baseline p50/p99': `${b.p50} / ${b.p99} ms`,
          'API req/s': a.rps,
          'API p50/p99': `${a.p50} / ${a.p99} ms`,
          'Nest floor req/s': f.rps,
          'Nest floor p50/p99': `${f.p50} / ${f.p99} ms`,
          'bare req/s': n.rps,
          'bare p50/p99': `${n.p50} / ${n.p99} ms`,
          'CPU µs/req API / floor / bare': `${a.cpu} / ${f.cpu} / ${n.cpu}`,
          'API/baseline': `${(a.rps / Math.max(b.rps, 1)).toFixed(1)}x`,
          'API/floor': `${Math.round((100 * a.rps) / Math.max(f.rps, 1))}%`,
          'API/bare': `${Math.round((100 * a.rps) / Math.max(n.rps, 1))}%`,
          'non-2xx/err': `${b.bad} / ${a.bad} / ${f.bad} / ${n.bad}`,
        });
      }
    }
  } finally {
    await Promise.allSettled([baseline.stop(), bare.stop(), floor.stop()]);
  }
  const goals = [];
  const c50 = figures['/classes 50'];
  if (c50) {
    goals.push(goal('GET /classes, 50 connections: API / baseline', c50.api.rps / c50.baseline.rps, 20, 'x'));
    goals.push(goal('GET /classes, 50 connections: API / bare Node', c50.api.rps / c50.bare.rps, 0.4, '%'));
  }
  const c200 = figures['/classes 200'];
  if (c200) goals.push(goal('GET /classes, 200 connections: API p99', c200.api.p99, 25, 'ms'));
  const p50 = figures['/classes/popular 50'];
  if (p50)
    goals.push(goal('GET /classes/popular, 50 connections: API / bare Node', p50.api.rps / p50.bare.rps, 0.8, '%'));
  for (const [key, row] of Object.entries(figures)) {
    const [route, connections] = key.split(' ');
    const call = `GET ${route}, ${connections} connections`;
    goals.push(goal(`${call}: API / Nest floor`, row.api.rps / row.floor.rps, 0.9, '%'));
    goals.push(goal(`${call}: API / bare Node`, row.api.rps / row.bare.rps, 0.45, '%'));
    if (Number(connections) === 200)
      goals.push(goal(`${call}: API p99 / bare Node p99`, row.api.p99 / Math.max(row.bare.p99, 1), 2, 'x', true));
  }
  return { rows, goals };
}

const ROUNDS = 3;
// /proc/<pid>/stat counts CPU time in clock ticks (USER_HZ), 100 a second on Linux.
const TICK_US = 10_000;

/** The CPU time (user and system) a process has used so far, in µs; null where /proc cannot tell. */
function cpuTimeUs(/** @type {number | undefined} */ pid) {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return null;
  }
}

/**
 * Measures each server in turn, ROUNDS times (each a third of `duration`), and keeps each server's median round:
 * other work on the machine then weighs on all of them alike, so their ratios hold even when it comes and goes.
 * The CPU time its process used per answered request (from /proc) moves less with that load than req/s does.
 */
async function interleaved(
  /** @type {Record<string, { url: string, pid?: number }>} */ servers,
  /** @type {string} */ route,
  /** @type {number} */ connections,
) {
  /** @type {Record<string, { rps: number, p50: number, p99: number, bad: number, cpu: number }[]>} */
  const rounds = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { url, pid }] of Object.entries(servers)) {
      const before = cpuTimeUs(pid);
      const r = await run({ url: url + route, connections, duration: Math.max(1, Math.round(duration / ROUNDS)) });
      const after = cpuTimeUs(pid);
      (rounds[name] ??= []).push({
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        bad: r.non2xx + r.errors + r.timeouts,
        cpu: before === null || after === null ? NaN : Math.round((after - before) / Math.max(r.requests.total, 1)),
      });
    }
  }
  const median = (/** @type {number[]} */ values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    Object.entries(rounds).map(([name, list]) => [
      name,
      {
        rps: median(list.map((r) => r.rps)),
        p50: median(list.map((r) => r.p50)),
        p99: median(list.map((r) => r.p99)),
        bad: list.reduce((sum, r) => sum + r.bad, 0),
        cpu: median(list.map((r) => r.cpu)),
      },
    ]),
  );
}

/** One throughput goal (docs/benchmarks.md, API throughput): `value` against `target` (at least; at most for a latency or `atMost`). */
function goal(
  /** @type {string} */ what,
  /** @type {number} */ value,
  /** @type {number} */ target,
  /** @type {'x' | '%' | 'ms'} */ unit,
  atMost = unit === 'ms',
) {
  const shown = (/** @type {number} */ v) =>
    unit === '%' ? `${Math.round(v * 100)}%` : unit === 'x' ? `${v.toFixed(1)}x` : `${v} ms`;
  const met = atMost ? value <= target : value >= target;
  return {
    goal: what,
    target: `${atMost ? '<=' : '>='} ${shown(target)}`,
    measured: shown(value),
    met: met ? 'yes' : 'NO',
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
        : process.env.BENCH_ACCEPT_ENCODING
          ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING }
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
  let comparison = null;
  try {
    // First the side-by-side table on 200 classes (BENCH_COMPARE=0 skips it, BENCH_COMPARE_PATHS picks the calls),
    // then the rest of the data set for the other rows.
    let written = 0;
    if ('mongodbUri' in target && process.env.BENCH_COMPARE !== '0') {
      const before = (await (await fetch(`${target.url}/classes`)).json()).length;
      written = await writeCompareData(target.mongodbUri);
      const approved = await listChanged(target.url, before);
      console.log(`Comparison: ${COMPARE_CLASSES} classes (${approved} approved)`);
      comparison = await compare(target, (process.env.BENCH_COMPARE_PATHS ?? '/classes,/classes/popular').split(','));
    }
    if ('mongodbUri' in target && large) {
      const before = (await (await fetch(`${target.url}/classes`)).json()).length;
      const started = Date.now();
      const n = await writeDataset(target.mongodbUri, { firstClass: written });
      console.log(
        `Data set: ${n.classes} more classes and ${n.users} users written in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      await listChanged(target.url, before);
    }
    for (const route of routes) await measure(target.url, route, '');
    if ('balanced' in target && process.env.BENCH_NGINX !== '0') {
      for (const count of [1, 2])
        await measure(await target.balanced(count), NGINX_PATH, ` via nginx, ${count} replica${count > 1 ? 's' : ''}`);
    }
  } finally {
    await target.stop();
  }
  if (rows.length) console.table(rows);
  if (comparison) {
    console.log(
      `Baseline (the original's way: Express, a find() of every class per request) / this API ` +
        `(LOG_LEVEL=${target.logLevel}) / bare Node (the API's bytes from memory), ${COMPARE_CLASSES} classes, ` +
        `each measured ${ROUNDS} times ${Math.max(1, Math.round(duration / ROUNDS))} s in turn (the median):`,
    );
    console.table(comparison.rows);
    console.table(comparison.goals);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
