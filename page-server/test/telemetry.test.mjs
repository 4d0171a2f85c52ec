// The page's trace id, and failed server renders reported to the API's /telemetry (a fake API listener is the
// HTTP boundary): with the remote, its release, the route pattern, the phase and the page's trace id, batched and
// never in a page's way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createServerTelemetry } from '../dist/telemetry.js';
import { makeSite, pageServerForSuite, REPORT_KEY, request, startPageServer } from './support.mjs';
import { DEV_REPORT_KEY } from '@sportify/platform/keys';

const OPS_KEY = 'ops-key-for-the-page-server-tests-0123456789';
const inlineConfig = (body) =>
  JSON.parse(/<script id="sportify-config" type="application\/json" nonce="[^"]+">(.*?)<\/script>/.exec(body)[1]);

/** A stand-in for the API's POST /telemetry: keeps what it receives; `hold()` keeps requests waiting. */
async function fakeApi() {
  const received = [];
  let held = null;
  const waiting = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks)),
      });
      const answer = () => res.writeHead(204).end();
      if (held) waiting.push(answer);
      else answer();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received,
    events: () => received.flatMap((request) => request.body.events),
    hold: () => (held = true),
    release: () => {
      held = false;
      waiting.splice(0).forEach((answer) => answer());
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/** What a report token says, once its signature is checked against the tests' key (the API's contract). */
function tokenPayload(token) {
  const [version, payload, signature] = token.split('.');
  assert.equal(version, 'v1');
  assert.equal(signature, createHmac('sha256', REPORT_KEY).update(`report\n${payload}`).digest('base64url'));
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** An event as sent, its token checked to be its page's and set aside. */
function withoutToken({ token, ...event }) {
  assert.equal(tokenPayload(token).t, event.traceId, "the event carries its page's token");
  return event;
}

async function until(check, what, ms = 4000) {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(25)) if (check()) return;
  assert.fail(`waited ${ms} ms for ${what}`);
}

describe('trace id', () => {
  let page;
  pageServerForSuite((started) => ({ page } = started));

  test('each page has its own, in the X-Sportify-Trace header and its inline config; /config.json has none', async () => {
    const first = await request(page.url, '/classes');
    const second = await request(page.url, '/classes');
    const trace = first.headers['x-sportify-trace'];
    assert.match(trace, /^[0-9a-f]{32}$/);
    assert.notEqual(second.headers['x-sportify-trace'], trace);
    assert.equal(globalThis.__renders.at(-1).config.traceId, second.headers['x-sportify-trace'], 'the render gets it');

    const fallback = await request(page.url, '/classes?render=fail');
    assert.match(fallback.headers['x-sportify-trace'], /^[0-9a-f]{32}$/);
    assert.equal(
      inlineConfig(fallback.body).traceId,
      fallback.headers['x-sportify-trace'],
      'the client-render page too',
    );

    const config = await request(page.url, '/config.json');
    assert.equal(config.headers['x-sportify-trace'], undefined);
    assert.equal(JSON.parse(config.body).traceId, undefined);
    assert.equal(JSON.parse(config.body).reportToken, undefined);
  });

  test("each page's report token is signed and names its trace id, the releases it served and an expiry", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await request(page.url, '/classes?render=fail');
    const config = inlineConfig(response.body);
    const payload = tokenPayload(config.reportToken);
    assert.equal(payload.t, response.headers['x-sportify-trace']);
    assert.deepEqual(payload.r, { shell: [null, 'build'], mf_public: [null, 'build'] });
    assert.ok(payload.e >= before + 12 * 3600 && payload.e <= before + 12 * 3600 + 5, 'valid 12 hours');
    assert.equal(globalThis.__renders.at(-1).config.reportToken, config.reportToken, 'the render gets it');
  });
});

describe("the page's client in its report token", () => {
  let site;
  let page;
  before(async () => {
    site = makeSite();
    // Behind one proxy hop (a balancer), as in production: the client is the address it forwards.
    page = await startPageServer(site, { trustProxy: '1' });
  });
  after(async () => {
    await page.close();
    site.remove();
  });

  /** The client a page's token names, for a browser at `address` with `cookie`. */
  const clientOf = async (address, cookie) => {
    const response = await request(page.url, '/classes?render=fail', {
      headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    });
    return tokenPayload(inlineConfig(response.body).reportToken).c;
  };

  test('names its network (/24, /64) in a form that shows no address; a fresh cohort does not make a new client', async () => {
    const v4 = await clientOf('203.0.113.7');
    assert.match(v4, /^[\w-]{22}$/);
    assert.doesNotMatch(v4, /203|113/);
    // The same /24, with or without a cohort cookie, and with a forged hop before the proxy's: the same client.
    assert.equal(await clientOf('203.0.113.200'), v4);
    assert.equal(await clientOf('203.0.113.9', 'sportify_cohort=0123456789abcdef0123456789abcdef.x'), v4);
    assert.equal(await clientOf('198.51.100.1, 203.0.113.8'), v4);
    assert.equal(await clientOf('::ffff:203.0.113.50'), v4, 'an IPv4-mapped address is its IPv4 address');
    assert.notEqual(await clientOf('203.0.114.7'), v4);

    const v6 = await clientOf('2001:db8:1:2::1');
    assert.equal(await clientOf('2001:db8:1:2:ffff:ffff:ffff:ffff'), v6);
    assert.equal(await clientOf('2001:0db8:0001:0002:0:0:0:9'), v6);
    assert.notEqual(await clientOf('2001:db8:1:3::1'), v6);
    assert.notEqual(v6, v4);
  });

  test("trusting no proxy, the client is the connection's address, whatever X-Forwarded-For says", async () => {
    const direct = await startPageServer(site, { trustProxy: '0' });
    try {
      const token = async (forwarded) =>
        tokenPayload(
          inlineConfig(
            (await request(direct.url, '/classes?render=fail', { headers: { 'x-forwarded-for': forwarded } })).body,
          ).reportToken,
        ).c;
      const first = await token('203.0.113.7');
      assert.match(first, /^[\w-]{22}$/);
      assert.equal(await token('198.51.100.7'), first);
    } finally {
      await direct.close();
    }
  });
});

describe('failed server renders reported to the API', () => {
  let site;
  let api;
  let page;
  before(async () => {
    site = makeSite();
    api = await fakeApi();
    page = await startPageServer(site, { apiUrl: api.url, opsKey: OPS_KEY, renderTimeoutMs: 300 });
  });
  after(async () => {
    await page.close();
    await api.close();
    site.remove();
  });
  beforeEach(() => api.received.splice(0));

  test('a render that fails: phase server-render, remote, release, route pattern and trace id, with the ops key', async () => {
    const response = await request(page.url, '/dashboard/payment/6650f1c2a3b4c5d6e7f8a9b0?render=fail');
    assert.equal(response.status, 200, 'the client-render page, at once');
    await until(() => api.received.length === 1, 'the report');
    const [sent] = api.received;
    assert.equal(sent.method, 'POST');
    assert.equal(sent.url, '/telemetry');
    assert.equal(sent.headers['x-sportify-ops-key'], OPS_KEY);
    assert.match(sent.headers['content-type'], /^application\/json/);
    assert.deepEqual(sent.body.events.map(withoutToken), [
      {
        kind: 'error',
        remote: 'mf_public',
        version: null,
        channel: 'build',
        route: '/dashboard/payment/:id',
        traceId: response.headers['x-sportify-trace'],
        phase: 'server-render',
        message: 'Error: the render failed',
      },
    ]);
  });

  test("a remote's part failing inside a render that completes is reported by the shell's render", async () => {
    const response = await request(page.url, '/classes?render=part');
    assert.match(response.body, /server render of/);
    await until(() => api.events().length === 1, 'the report');
    assert.deepEqual(withoutToken(api.events()[0]), {
      kind: 'error',
      remote: 'mf_public',
      version: null,
      channel: 'build',
      route: '/classes',
      traceId: response.headers['x-sportify-trace'],
      phase: 'server-render',
      message: 'Error: Classes threw while rendering',
    });
  });

  test("a part's report names the route the shell's render resolved the page to", async () => {
    const response = await request(page.url, '/classes?render=part&resolved');
    await until(() => api.events().length === 1, 'the report');
    assert.equal(api.events()[0].route, '/classes/:by-the-router');
    assert.equal(api.events()[0].traceId, response.headers['x-sportify-trace']);
  });

  test('a part whose error also fails the whole render is reported once', async () => {
    const response = await request(page.url, '/classes?render=partThenFail');
    await until(() => api.events().length === 1, 'the report');
    await sleep(2200);
    assert.deepEqual(
      api.events().map(({ traceId, message }) => ({ traceId, message })),
      [{ traceId: response.headers['x-sportify-trace'], message: 'Error: Classes threw outside its boundary' }],
    );
  });

  test("a render out of time or left to the browser on purpose is no failure; the release is the page's", async () => {
    site.write(`${site.releases}/mf-public/0.1.0-abc1234.1/screens.json`, [
      { path: '/', module: 'Home', access: 'public', title: 'Home' },
      { path: '/classes', module: 'Classes', access: 'public', title: 'Classes' },
    ]);
    site.write(`${site.releases}/registry.json`, {
      'mf-public': { live: { version: '0.1.0-abc1234.1', commit: 'abc1234' }, previous: null, stack: [] },
    });
    await request(page.url, '/classes?render=hang');
    await request(page.url, '/classes?render=guarded');
    const failed = await request(page.url, '/classes?render=fail');
    await until(() => api.events().length >= 1, 'the report');
    await sleep(300);
    assert.deepEqual(
      api.events().map(({ version, channel, traceId }) => ({ version, channel, traceId })),
      [{ version: '0.1.0-abc1234.1', channel: 'live', traceId: failed.headers['x-sportify-trace'] }],
    );
    assert.deepEqual(tokenPayload(api.events()[0].token).r.mf_public, ['0.1.0-abc1234.1', 'live']);
    site.write(`${site.releases}/registry.json`, {});
  });

  test('reports are batched: 10 at once, the rest 2 s after the first', async () => {
    const started = Date.now();
    for (let i = 0; i < 12; i += 1) await request(page.url, `/classes?render=fail&i=${i}`);
    await until(() => api.received.length === 1, 'the first batch', 1500);
    assert.equal(api.received[0].body.events.length, 10);
    await until(() => api.received.length === 2, 'the second batch');
    assert.equal(api.received[1].body.events.length, 2);
    assert.ok(Date.now() - started >= 1900, 'the rest waited for the timer');
  });
});

describe('the page server reporter', () => {
  test('never delays a page: with the API not answering, pages come at once and the queue stays bounded', async () => {
    const site = makeSite();
    const api = await fakeApi();
    api.hold();
    const telemetry = createServerTelemetry({ apiUrl: api.url, opsKey: OPS_KEY, maxQueued: 20 });
    const page = await startPageServer(site, { telemetry });
    try {
      const started = Date.now();
      for (let i = 0; i < 50; i += 1) {
        const response = await request(page.url, `/classes?render=fail&i=${i}`);
        assert.equal(response.status, 200);
      }
      assert.ok(Date.now() - started < 5000, `50 pages took ${Date.now() - started} ms`);
      await until(() => api.received.length === 2, 'two requests under way');
      await sleep(100);
      assert.equal(api.received.length, 2, 'at most two requests under way at once');
      api.release();
      // 20 sent before the API stalled, 20 kept while it did, the other 10 dropped.
      await until(() => api.events().length === 40, 'the kept reports');
      await sleep(200);
      assert.equal(api.events().length, 40);
    } finally {
      await page.close();
      await api.close();
      site.remove();
    }
  });
});

describe('the report key at start-up', () => {
  test('outside development mode the page server refuses to start without a usable SPORTIFY_REPORT_KEY', async () => {
    const site = makeSite();
    const server = fileURLToPath(new URL('../dist/server.js', import.meta.url));
    try {
      for (const key of [undefined, 'short', DEV_REPORT_KEY]) {
        const { SPORTIFY_REPORT_KEY: _, ...env } = process.env;
        const run = spawnSync(process.execPath, [server, '--dir', site.shell, '--port', '0'], {
          env: {
            ...env,
            SPORTIFY_DEV_MODE: '0',
            SPORTIFY_API_URL: 'http://127.0.0.1:9',
            SPORTIFY_OPS_KEY: 'a-test-ops-key-of-more-than-32-characters-0123456789',
            ...(key ? { SPORTIFY_REPORT_KEY: key } : {}),
          },
          encoding: 'utf8',
          timeout: 10_000,
        });
        assert.equal(run.status, 2, `${key}: ${run.stdout}${run.stderr}`);
        // Named alone: the page server's other production settings are given.
        assert.match(
          run.stderr,
          /refuses to start in production mode[^]*- SPORTIFY_REPORT_KEY (is required|must be at least 32 characters|must not be the development value)/,
        );
        assert.doesNotMatch(run.stderr, /SPORTIFY_(API_URL|OPS_KEY)/);
      }
    } finally {
      site.remove();
    }
  });
});
