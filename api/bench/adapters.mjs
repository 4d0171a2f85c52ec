#!/usr/bin/env node
// Express or Fastify under Nest, measured side by side: the same small Nest app (the API's kind of pipeline:
// request id, helmet and CORS as middleware, a global guard, an interceptor sending a cached serialisation of 200
// classes) on each adapter, and bare Node sending the same bytes, one after the other with autocannon.
// The API runs on Fastify and has no @nestjs/platform-express; install the Nest packages somewhere else and point
// BENCH_NEST_DIR there:
//   npm install --prefix /tmp/nest-adapters @nestjs/core@12.5.1 @nestjs/common@12.5.1 @nestjs/platform-express@12.5.1 \
//     @nestjs/platform-fastify@12 helmet@8 rxjs@7 reflect-metadata
//   BENCH_NEST_DIR=/tmp/nest-adapters node api/bench/adapters.mjs
// BENCH_DURATION (10 s) and BENCH_CONNECTIONS (50,200) as in bench.mjs.
// `node api/bench/adapters.mjs serve fastify PORT` serves the Fastify one alone, with the API's own Nest packages
// when BENCH_NEST_DIR is not set: bench.mjs measures it as the floor of its side-by-side table, answering each of
// BENCH_BARE_PATHS with the bytes the API gave for it (BENCH_BODIES_FROM).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serving = process.argv[2] === 'serve';
const nestDir = process.env.BENCH_NEST_DIR ?? (serving ? fileURLToPath(new URL('..', import.meta.url)) : undefined);
if (!nestDir) {
  console.error('BENCH_NEST_DIR is not set: see the first lines of api/bench/adapters.mjs');
  process.exit(1);
}
const requireNest = createRequire(`${nestDir.replace(/\/$/, '')}/`);
const load = (/** @type {string} */ name) => import(pathToFileURL(requireNest.resolve(name)).href);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connectionsList = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);

/** 200 classes shaped as the API's public list sends them. */
function body() {
  const classes = Array.from({ length: 200 }, (_, i) => ({
    _id: (0x65000000 + i).toString(16).padStart(24, '0'),
    className: `Archery Camp ${i + 1}`,
    classImage: 'http://localhost:3000/images/classes/archery.svg',
    instructorName: `Bench Coach ${(i % 50) + 1}`,
    instructorEmail: `bench.coach${(i % 50) + 1}@bench.sportify.camp`,
    seats: (i * 13) % 40,
    capacity: ((i * 13) % 40) + ((i * 17) % 60),
    price: 20 + ((i * 37) % 380),
    status: 'approved',
    date: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    enrolled: (i * 17) % 60,
  }));
  return Buffer.from(JSON.stringify(classes));
}

/** The bytes to send for each path: the API's own (BENCH_BODIES_FROM, BENCH_BARE_PATHS), or body() on /classes. */
async function bodies() {
  const from = process.env.BENCH_BODIES_FROM;
  if (!from) return new Map([['/classes', body()]]);
  const map = new Map();
  for (const route of (process.env.BENCH_BARE_PATHS ?? '/classes').split(',')) {
    const res = await fetch(from + route);
    map.set(route, Buffer.from(await res.arrayBuffer()));
  }
  return map;
}

async function serveNest(/** @type {'express' | 'fastify'} */ adapter, /** @type {number} */ port) {
  await load('reflect-metadata');
  const { NestFactory, Reflector } = await load('@nestjs/core');
  const common = await load('@nestjs/common');
  const { of } = await load('rxjs');
  const helmet = (await load('helmet')).default;
  const payloads = await bodies();
  const etag = '"bench"';

  class ClassesController {}
  for (const [i, route] of [...payloads.keys()].entries()) {
    const name = `list${i}`;
    ClassesController.prototype[name] = () => {
      throw new Error('always answered by the interceptor');
    };
    const list = Object.getOwnPropertyDescriptor(ClassesController.prototype, name);
    common.SetMetadata('public', true)(ClassesController.prototype, name, list);
    common.Get(route.slice(1))(ClassesController.prototype, name, list);
    // As the API's list handlers: the response is the route's own, so Nest sends nothing after the interceptor.
    common.Res()(ClassesController.prototype, name, 0);
  }
  common.Controller()(ClassesController);

  class PublicGuard {
    constructor(reflector) {
      this.reflector = reflector;
    }
    canActivate(context) {
      return this.reflector.get('public', context.getHandler()) === true;
    }
  }
  common.Injectable()(PublicGuard);
  Reflect.defineMetadata('design:paramtypes', [Reflector], PublicGuard);

  // Each adapter's cheapest way to send bytes it already has: the raw response under Express (as the API does),
  // Fastify's own reply (a Buffer goes out as is).
  class CachedInterceptor {
    intercept(context) {
      const http = context.switchToHttp();
      const payload = payloads.get(http.getRequest().url);
      const res = http.getResponse();
      if (adapter === 'express') {
        res.setHeader('ETag', etag);
        res.setHeader('Cache-Control', 'public, no-cache');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', payload.length);
        res.end(payload);
      } else {
        res
          .header('ETag', etag)
          .header('Cache-Control', 'public, no-cache')
          .header('Content-Type', 'application/json; charset=utf-8')
          .send(payload);
      }
      return of(undefined);
    }
  }
  common.Injectable()(CachedInterceptor);

  class AppModule {}
  common.Module({
    controllers: [ClassesController],
    providers: [
      { provide: (await load('@nestjs/core')).APP_GUARD, useClass: PublicGuard },
      { provide: (await load('@nestjs/core')).APP_INTERCEPTOR, useClass: CachedInterceptor },
    ],
  })(AppModule);

  let app;
  if (adapter === 'express') {
    app = await NestFactory.create(AppModule, { logger: false });
  } else {
    const { FastifyAdapter } = await load('@nestjs/platform-fastify');
    app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false });
  }
  app.use((req, res, next) => {
    const id = randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    next();
  });
  app.use(helmet());
  app.enableCors({ origin: ['http://localhost:3000'], exposedHeaders: ['ETag', 'X-Request-Id'] });
  await app.listen(port, '127.0.0.1');
}

function serveBare(/** @type {number} */ port) {
  const payload = body();
  return new Promise((resolve) =>
    http
      .createServer((req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length });
        res.end(payload);
      })
      .listen(port, '127.0.0.1', resolve),
  );
}

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));

async function startChild(/** @type {string} */ kind, /** @type {number} */ port) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', kind, String(port)], {
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/classes`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${kind} did not start`);
}

async function main() {
  const kinds = ['bare', 'express', 'fastify'];
  const children = [];
  const rounds = 3;
  const slice = Math.max(1, Math.round(duration / rounds));
  const rows = [];
  try {
    for (const [i, kind] of kinds.entries()) children.push(await startChild(kind, 47_310 + i));
    const url = (/** @type {number} */ i) => `http://127.0.0.1:${47_310 + i}/classes`;
    for (const i of kinds.keys()) await run({ url: url(i), connections: 10, duration: 2 }); // warm-up
    for (const connections of connectionsList) {
      // In turn, `rounds` times, each kind's median round: load from elsewhere weighs on all of them alike.
      const results = kinds.map(() => []);
      for (let round = 0; round < rounds; round++)
        for (const i of kinds.keys()) results[i].push(await run({ url: url(i), connections, duration: slice }));
      const median = (/** @type {number[]} */ v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
      const bare = median(results[0].map((r) => r.requests.average));
      for (const [i, kind] of kinds.entries()) {
        const rps = median(results[i].map((r) => r.requests.average));
        rows.push({
          server: kind === 'bare' ? 'bare Node' : `Nest on ${kind}`,
          connections,
          'req/s': Math.round(rps),
          'p50 ms': median(results[i].map((r) => r.latency.p50)),
          'p99 ms': median(results[i].map((r) => r.latency.p99)),
          'non-2xx': results[i].reduce((n, r) => n + r.non2xx, 0),
          errors: results[i].reduce((n, r) => n + r.errors + r.timeouts, 0),
          'of bare Node': `${Math.round((100 * rps) / bare)}%`,
        });
      }
    }
  } finally {
    for (const child of children) child.kill();
  }
  console.log(
    `GET /classes (200 classes, ${body().length} bytes), each server ${rounds} times ${slice} s in turn (the median):`,
  );
  console.table(rows);
}

if (serving) {
  const [kind, port] = process.argv.slice(3);
  // Exits on a stop, so a --cpu-prof run (bench.mjs's BENCH_CPU_PROF) writes its profile.
  process.once('SIGTERM', () => process.exit(0));
  if (kind === 'bare') await serveBare(Number(port));
  else await serveNest(/** @type {'express' | 'fastify'} */ (kind), Number(port));
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
