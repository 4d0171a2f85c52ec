// Pages: the shell's server render streams every route; a render that fails or hangs past the time limit gives the
// client-render page; the session cookie reaches GET renders only; /config.json and the renders follow a promote
// and a rollback of a remote release.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { signedCohort } from '../dist/report-key.js';
import {
  CONFIG,
  REMOTE_SCREENS,
  REPORT_KEY,
  makeSite,
  pageServerForSuite,
  request,
  startPageServer,
} from './support.mjs';

const renders = () => globalThis.__renders ?? [];
const nonceOf = (response) => /'nonce-([^']+)'/.exec(response.headers['content-security-policy'])?.[1];
const inlineConfig = (body) =>
  JSON.parse(/<script id="sportify-config" type="application\/json" nonce="[^"]+">(.*?)<\/script>/.exec(body)[1]);

describe('pages', () => {
  let site;
  let page;
  before(async () => {
    site = makeSite();
    page = await startPageServer(site, { renderTimeoutMs: 300 });
  });
  after(async () => {
    await page.close();
    site.remove();
  });
  beforeEach(() => {
    globalThis.__renders = [];
  });

  test("a page the render leaves to the browser is titled by the route the shell's router resolved", async () => {
    const resolved = await request(page.url, '/dashboard/payment/42?render=guarded&resolved');
    assert.equal(resolved.status, 200);
    assert.match(resolved.body, /<title>Sportify Camp \|\| Resolved<\/title>/);
    // A shell release from before says nothing: the page server matches the path itself.
    const matched = await request(page.url, '/dashboard/payment/42?render=guarded');
    assert.match(matched.body, /<title>Sportify Camp \|\| Payment<\/title>/);
  });

  test('a page is the server render, streamed, with what contract 3 gives it', async () => {
    const response = await request(page.url, '/dashboard/payment/42?from=list');
    assert.equal(response.status, 200);
    assert.match(response.body, /server render of \/dashboard\/payment\/42\?from=list/);
    const input = renders().at(-1);
    assert.equal(input.url, '/dashboard/payment/42?from=list');
    assert.equal(input.nonce, nonceOf(response));
    // The template with the page's nonce on its tags.
    const nonce = input.nonce;
    const { TEMPLATE } = await import('./support.mjs');
    assert.equal(
      input.template,
      TEMPLATE.replace('<meta charset="utf-8" />', `$&<meta property="csp-nonce" nonce="${nonce}">`)
        .replace('<link rel', `<link nonce="${nonce}" rel`)
        .replace('<script defer', `<script nonce="${nonce}" defer`),
    );
    assert.deepEqual(
      input.config.routes.map((route) => [route.path, route.remote]),
      REMOTE_SCREENS.map((screen) => [screen.path, 'mf_public']),
    );
    assert.equal(input.config.apiUrl, CONFIG.apiUrl);
    assert.deepEqual(input.serverRemotes, { mf_public: `${site.remote}/server/remoteEntry.js` });
    assert.equal(input.signal.aborted, false);
    assert.equal(input.token, undefined);
    assert.equal((await request(page.url, '/missing-page')).status, 404, "the render's status is the page's");
  });

  test('the page streams: its first part arrives before the render has finished, compressed or not', async () => {
    const { hostname, port } = new URL(page.url);
    for (const encoding of ['gzip', 'br', 'identity']) {
      const times = await new Promise((resolve, reject) => {
        const started = Date.now();
        http
          .get(
            { hostname, port, path: '/classes?render=slow', agent: false, headers: { 'accept-encoding': encoding } },
            (res) => {
              let first;
              res.on('data', () => (first ??= Date.now() - started));
              res.on('end', () =>
                resolve({ first, end: Date.now() - started, encoding: res.headers['content-encoding'] }),
              );
            },
          )
          .on('error', reject);
      });
      assert.equal(times.encoding, encoding === 'identity' ? undefined : encoding);
      assert.ok(times.end >= 300, JSON.stringify(times));
      assert.ok(
        times.first < 250,
        `${encoding}: the first part came after ${times.first} ms (${JSON.stringify(times)})`,
      );
    }
  });

  test('the session cookie is the token of GET renders only', async () => {
    const cookie = 'theme=dark; sportify_session=eyJhbGciOi.eyJzdWIiOi.c2ln; other=1';
    const get = await request(page.url, '/classes', { headers: { cookie } });
    assert.equal(renders().at(-1).token, 'eyJhbGciOi.eyJzdWIiOi.c2ln');
    assert.equal(get.headers['cache-control'], 'private, no-store', "a signed-in render is that user's alone");
    await request(page.url, '/classes', { method: 'HEAD', headers: { cookie } });
    assert.equal(renders().at(-1).token, undefined);
    await request(page.url, '/classes', { headers: { cookie: 'sportify_session=<script>' } });
    assert.equal(renders().at(-1).token, undefined, 'a value that is no token is ignored');
  });

  test('a render that hangs past the time limit gives the client-render page, and is told to stop', async () => {
    const started = Date.now();
    const response = await request(page.url, '/classes?render=hang');
    const took = Date.now() - started;
    assert.ok(took >= 300 && took < 2000, `answered after ${took} ms`);
    assert.equal(response.status, 200);
    assert.doesNotMatch(response.body, /server render/);
    const nonce = nonceOf(response);
    assert.ok(response.body.includes(`<script id="sportify-config" type="application/json" nonce="${nonce}">`));
    const config = inlineConfig(response.body);
    assert.equal(config.apiUrl, '/api');
    assert.equal(config.routes.length, REMOTE_SCREENS.length);
    assert.match(response.body, /<title>Sportify Camp \|\| Classes<\/title>/);
    assert.ok(response.body.includes(`<script nonce="${nonce}" defer src="/main.0123456789abcdef.js">`));
    assert.doesNotMatch(response.body, /href="\/config\.json"/);
    assert.equal(renders().at(-1).signal.aborted, true);
  });

  test('a render that fails gives the client-render page at once; an unknown path is a 404 there', async () => {
    const response = await request(page.url, '/classes?render=fail');
    assert.equal(response.status, 200);
    assert.ok(inlineConfig(response.body).routesVersion);
    const unknown = await request(page.url, '/no/such/page?render=fail');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body, /<title>Sportify Camp<\/title>/);
    const login = await request(page.url, '/login?render=fail');
    assert.equal(login.status, 200, "the shell's own pages are pages");
  });

  test('a shell build without a server render gives the client-render page', async () => {
    const bare = makeSite({ render: false });
    const server = await startPageServer(bare);
    try {
      const response = await request(server.url, '/');
      assert.equal(response.status, 200);
      assert.equal(inlineConfig(response.body).routes[0].path, '/');
      // The inline config cannot close its own <script>.
      bare.write(`${bare.shell}/config.json`, { ...CONFIG, stripePublishableKey: '</script><script>alert(1)' });
      const escaped = await request(server.url, '/');
      assert.doesNotMatch(escaped.body, /<\/script><script>alert/);
      assert.equal(inlineConfig(escaped.body).stripePublishableKey, '</script><script>alert(1)');
    } finally {
      await server.close();
      bare.remove();
    }
  });
});

describe('the route table follows the releases', () => {
  const VERSION = '1.1.0-feed123.2';
  let site;
  let page;
  pageServerForSuite((started) => ({ site, page } = started));

  const config = async () => JSON.parse((await request(page.url, '/config.json')).body);

  test('/config.json has the routes and their version, never cached', async () => {
    const cohort = { cookie: `sportify_cohort=${signedCohort(REPORT_KEY, '0'.repeat(32))}` };
    const response = await request(page.url, '/config.json', { headers: cohort });
    assert.equal(response.headers['cache-control'], 'no-cache');
    const body = JSON.parse(response.body);
    assert.deepEqual(
      body.routes.map((route) => route.path),
      REMOTE_SCREENS.map((screen) => screen.path),
    );
    assert.match(body.routesVersion, /^[0-9a-f]{12}$/);
  });

  test('a promote of a remote release adds its screen; a rollback takes it away', async () => {
    const before = await config();
    const release = `${site.releases}/mf-public/${VERSION}`;
    site.write(`${release}/screens.json`, [
      ...REMOTE_SCREENS,
      { path: '/camp-news', module: 'CampNews', access: 'public', title: 'Camp News' },
    ]);
    site.write(`${release}/mf-manifest.json`, { name: 'mf_public' });
    site.write(`${release}/server/remoteEntry.js`, 'module.exports = {};');
    site.write(`${site.releases}/registry.json`, { 'mf-public': { live: { version: VERSION }, previous: null } });

    const promoted = await config();
    assert.ok(promoted.routes.some((route) => route.path === '/camp-news' && route.remote === 'mf_public'));
    assert.notEqual(promoted.routesVersion, before.routesVersion);
    assert.equal(promoted.remotes.mf_public, `http://localhost:3001/releases/${VERSION}/mf-manifest.json`);
    assert.deepEqual(promoted.releases.mf_public, { version: VERSION, channel: 'live' });
    assert.deepEqual(promoted.releases.shell, { version: null, channel: 'build' });
    globalThis.__renders = [];
    const newsPage = await request(page.url, '/camp-news');
    assert.match(newsPage.headers['x-sportify-releases'], new RegExp(`(^|, )mf_public=${VERSION};live(,|$)`));
    assert.match(newsPage.headers['x-sportify-releases'], /(^|, )shell=build(,|$)/);
    assert.deepEqual(renders().at(-1).serverRemotes, { mf_public: `${release}/server/remoteEntry.js` });

    site.write(`${site.releases}/registry.json`, {
      'mf-public': { live: null, previous: { version: VERSION } },
    });
    const rolledBack = await config();
    assert.ok(!rolledBack.routes.some((route) => route.path === '/camp-news'));
    assert.equal(rolledBack.routesVersion, before.routesVersion);
    assert.equal(rolledBack.remotes.mf_public, CONFIG.remotes.mf_public);
  });

  test("a release whose screens collide with the shell's is left out, the other remotes' screens stay", async () => {
    const stray = makeSite();
    stray.write(`${stray.root}/mf-student/dist/screens.json`, [
      { path: '/login', module: 'Login', access: 'public', title: 'Login' },
    ]);
    const server = await startPageServer(stray, {
      remotes: [
        ...stray.remotes,
        { package: 'mf-student', federation: 'mf_student', dist: `${stray.root}/mf-student/dist` },
      ],
    });
    try {
      const body = JSON.parse((await request(server.url, '/config.json')).body);
      assert.deepEqual(
        body.routes.map((route) => route.remote),
        REMOTE_SCREENS.map(() => 'mf_public'),
      );
      // A path of the remote left out may be a page: the browser decides.
      assert.equal((await request(server.url, '/no/such/page?render=fail')).status, 200);
    } finally {
      await server.close();
      stray.remove();
    }
  });
});
