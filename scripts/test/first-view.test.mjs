// The static server's first-view composition (lib/first-view.mjs) and a remote's server-view endpoint
// (lib/server-views.mjs), on their own: a real HTTP endpoint over a stand-in renderer in a temporary build folder.
// The whole path (mf-public's real render, the shell's page) runs in e2e/tests/first-view.spec.ts.
// Run by `npm run test:scripts` (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { firstServerView, injectFirstView, serverViewCache, staleWhileRevalidate } from '../lib/first-view.mjs';
import { serverViews } from '../lib/server-views.mjs';

const work = mkdtempSync(path.join(os.tmpdir(), 'sportify-first-view-'));
test.after(() => rmSync(work, { recursive: true, force: true }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const PAGE =
  '<!doctype html><html><head><meta charset=utf-8><link rel=preload href=/config.json as=fetch><style>a{}</style>' +
  '</head><body><div id=root data-route><main class=frame-main aria-busy=true><div class=frame-skeleton ' +
  'id=frame-skeleton aria-hidden=true><div class=frame-carousel></div><div class=frame-cards><span></span></div>' +
  '</div></main><footer>x</footer></div></body></html>';
const ROUTES = [
  { path: '/', remote: 'mf_public', module: 'Home', access: 'public', prefetch: [] },
  { path: '/dashboard/my-classes', remote: 'mf_instructor', module: 'MyClasses', access: 'instructor', prefetch: [] },
];
const CONFIG = {
  apiUrl: 'http://api.test',
  remotes: {
    mf_public: 'http://public.test/mf-manifest.json',
    mf_instructor: 'http://instructor.test/mf-manifest.json',
  },
};

test("a server view takes the skeleton's place, its picture hints and styles go to <head>", () => {
  const view = {
    css: '<style data-styled="true">.x{color:red}</style>',
    html: '<link rel="preload" as="image" href="http://public.test/a.svg"/><section>Popular</section>',
  };
  const html = injectFirstView(PAGE, { config: CONFIG, hints: [], pathname: '/', routes: ROUTES, view });
  const head = html.slice(0, html.indexOf('</head>'));
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  assert.match(head, /<link rel="preload" as="image" href="http:\/\/public.test\/a.svg"\/>/);
  assert.match(head, /<style data-styled="true">\.x\{color:red\}<\/style>$/);
  assert.equal(
    main,
    '<main class=frame-main aria-busy=true><div class="frame-skeleton" id="frame-skeleton" data-server-view>' +
      '<section>Popular</section></div>',
  );
  // Real content is not hidden from assistive technology like the skeleton's boxes; the footer is untouched.
  assert.doesNotMatch(html, /aria-hidden/);
  assert.match(html, /<\/main><footer>x<\/footer>/);
});

test('without a server view the page keeps its skeleton', () => {
  const html = injectFirstView(PAGE, { config: CONFIG, hints: [], pathname: '/', routes: ROUTES, view: null });
  assert.match(html, /id=frame-skeleton aria-hidden=true><div class=frame-carousel>/);
  assert.match(html, /<style>a\{\}<\/style><\/head>/);
});

test("the shell asks the current remote for public pages only, at the remote's own address, and not with a search", async () => {
  const asked = [];
  const fetchView = async (url) => {
    asked.push(url);
    return { css: '', html: '<p>view</p>' };
  };
  const page = { config: CONFIG, routes: ROUTES, fetchView };
  assert.deepEqual(await firstServerView({ ...page, pathname: '/' }), { css: '', html: '<p>view</p>' });
  assert.equal(await firstServerView({ ...page, pathname: '/dashboard/my-classes' }), null);
  assert.equal(await firstServerView({ ...page, pathname: '/', search: '?page=2' }), null);
  assert.equal(await firstServerView({ ...page, pathname: '/nowhere' }), null);
  assert.deepEqual(asked, ['http://public.test/first-view?path=%2F']);
  // A remote's "no view" answer is an empty view: the skeleton stays.
  assert.equal(await firstServerView({ ...page, pathname: '/', fetchView: async () => ({ css: '', html: '' }) }), null);
});

test('staleWhileRevalidate answers from its cache, refreshes in the background and never waits past its timeout', async () => {
  let value = 'one';
  let loads = 0;
  let slow = false;
  const read = staleWhileRevalidate(
    async () => {
      loads += 1;
      if (slow) await sleep(200);
      return value;
    },
    { ttlMs: 50, timeoutMs: 100 },
  );
  assert.equal(await read('k'), 'one');
  value = 'two';
  assert.equal(await read('k'), 'one', 'fresh enough: from the cache');
  assert.equal(loads, 1);
  await sleep(60);
  assert.equal(await read('k'), 'one', 'stale: answered at once while it is read again');
  await sleep(10);
  assert.equal(await read('k'), 'two');
  assert.equal(loads, 2);
  slow = true;
  const started = Date.now();
  assert.equal(await read('other'), null, 'a first read slower than the timeout');
  assert.ok(Date.now() - started < 190);
});

test('a failed read is not kept: the next one asks again', async () => {
  let fail = true;
  const read = staleWhileRevalidate(
    async () => {
      if (fail) throw new Error('down');
      return 'up';
    },
    { ttlMs: 10_000, timeoutMs: 500 },
  );
  assert.equal(await read('k'), null);
  fail = false;
  assert.equal(await read('k'), 'up');
});

/** A build folder whose server renderer echoes what it was asked and the asset base it was loaded with. */
function stubBuild(dir, label) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  const file = path.join(dir, 'server', 'first-view.cjs');
  writeFileSync(
    file,
    `const base = globalThis.__SPORTIFY_ASSET_BASE__;
     let renders = 0;
     exports.renderFirstView = async ({ pathname, apiUrl }) => {
       if (pathname === '/broken') throw new Error('render failed');
       if (pathname !== '/') return null;
       renders += 1;
       return { css: '<style></style>', html: ${JSON.stringify(label)} + ' ' + base + ' ' + apiUrl + ' #' + renders };
     };`,
  );
  return file;
}

async function listen(app) {
  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

test("a remote's server view: rendered by the build it serves, with its own asset base, cached briefly, reloaded when rebuilt", async (t) => {
  const dist = path.join(work, 'dist');
  const release = path.join(work, 'releases', '1.0.0-abc');
  const file = stubBuild(dist, 'current');
  stubBuild(release, 'release');
  const handler = serverViews({ apiUrl: 'http://api.test', publicUrl: 'http://public.test' });
  const app = express();
  app.get(
    '/first-view',
    handler(() => ({ dir: dist, base: 'http://public.test/' })),
  );
  app.get(
    '/releases/:version/first-view',
    handler((req) => (req.params.version === '1.0.0-abc' ? { dir: release, base: 'http://public.test/r/' } : null)),
  );
  const server = await listen(app);
  t.after(server.close);
  const get = async (url) => {
    const response = await fetch(`${server.url}${url}`);
    return { status: response.status, body: await response.json(), cache: response.headers.get('cache-control') };
  };

  const first = await get('/first-view?path=/');
  assert.equal(first.status, 200);
  assert.deepEqual(first.body, { css: '<style></style>', html: 'current http://public.test/ http://api.test #1' });
  assert.equal(first.cache, 'no-store');
  assert.equal((await get('/first-view?path=/')).body.html.endsWith('#1'), true, 'within the TTL: the same render');
  assert.equal(
    (await get('/releases/1.0.0-abc/first-view?path=/')).body.html,
    'release http://public.test/r/ http://api.test #1',
  );
  assert.equal((await get('/releases/9.9.9-x/first-view?path=/')).status, 404);
  assert.equal((await get('/first-view?path=/classes')).status, 404);
  const bad = await get('/first-view?path=https://evil.test');
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /path/);
  assert.equal((await get('/first-view')).status, 400);
  const broken = await get('/first-view?path=/broken');
  assert.equal(broken.status, 503);

  // A rebuilt folder (new file, new time) is loaded again.
  writeFileSync(file, `exports.renderFirstView = async () => ({ css: '', html: 'rebuilt' });`);
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  await sleep(1100);
  await get('/first-view?path=/');
  await sleep(20);
  assert.equal((await get('/first-view?path=/')).body.html, 'rebuilt');
});

test('a remote without its API or public address configured has no server views', async (t) => {
  const dir = path.join(work, 'unconfigured');
  stubBuild(dir, 'x');
  const app = express();
  app.get(
    '/first-view',
    serverViews({})(() => ({ dir, base: '/' })),
  );
  const server = await listen(app);
  t.after(server.close);
  assert.equal((await fetch(`${server.url}/first-view?path=/`)).status, 404);
});

test('the shell keeps a remote\'s "no view" answer and does not keep a failure', async (t) => {
  let status = 404;
  let calls = 0;
  const app = express();
  app.get('/first-view', (_req, res) => {
    calls += 1;
    if (status === 200) res.json({ css: '', html: '<p>v</p>' });
    else res.status(status).json({ message: 'x' });
  });
  const server = await listen(app);
  t.after(server.close);
  const read = serverViewCache({ ttlMs: 10_000, timeoutMs: 1000 });
  assert.deepEqual(await read(`${server.url}/first-view?path=/`), { css: '', html: '' });
  assert.deepEqual(await read(`${server.url}/first-view?path=/`), { css: '', html: '' });
  assert.equal(calls, 1);
  status = 503;
  assert.equal(await read(`${server.url}/first-view?path=/x`), null);
  status = 200;
  assert.deepEqual(await read(`${server.url}/first-view?path=/x`), { css: '', html: '<p>v</p>' });
});
