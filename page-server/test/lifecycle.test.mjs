// The page server's health routes, its drain at SIGTERM and its metrics: health answers from memory (the site's
// files gone, it still answers), a request in flight at SIGTERM completes while new connections are refused, one
// that never ends is cut at SHUTDOWN_TIMEOUT_SECONDS, and GET /metrics is served on its own port only.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { PageMetrics, portOf } from '../dist/metrics.js';
import { freePort, makeSite, request, startPageServer } from './support.mjs';

const SERVER = path.resolve(import.meta.dirname, '../dist/server.js');

/** A stand-in API: `/slow` answers after `slowMs`, `/never` never; `arrived` resolves at each request's arrival. */
async function slowApi(slowMs) {
  const arrivals = [];
  const waiting = [];
  const server = http.createServer((req, res) => {
    (waiting.shift() ?? ((x) => arrivals.push(x)))(req.url);
    if (req.url === '/never') return;
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('the slow answer, complete'), slowMs);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    arrived: () => (arrivals.length ? Promise.resolve(arrivals.shift()) : new Promise((r) => waiting.push(r))),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/** server.js in development mode on a free port, in front of `apiUrl`; resolves once it listens. */
async function startServerJs(site, env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [SERVER, '--dir', site.shell, '--port', String(port), '--releases', site.releases],
    { env: { PATH: process.env.PATH, SPORTIFY_DEV_MODE: '1', ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', () => /serving .* on http/.test(output) && resolve());
    exited.then(() => reject(new Error(`server.js exited:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, port, child, exited, output: () => output };
}

const refused = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('health routes', () => {
  const site = makeSite();
  after(() => site.remove());

  test('answer from memory: with every file of the site gone, the pages fail and health still answers', async () => {
    const page = await startPageServer(site);
    try {
      assert.equal((await request(page.url, '/config.json')).status, 200);
      site.remove();
      assert.equal((await request(page.url, '/config.json')).status, 500);
      for (const probe of ['/__sportify/health/live', '/__sportify/health/ready']) {
        const res = await request(page.url, probe);
        assert.equal(res.status, 200, probe);
        assert.deepEqual(JSON.parse(res.body), { status: 'ok' });
        assert.equal(res.headers['cache-control'], 'no-store');
      }
    } finally {
      await page.close();
    }
  });
});

describe('the drain at SIGTERM', () => {
  test('a request in flight at SIGTERM completes; new connections are refused; the process exits 0', async () => {
    const site = makeSite();
    const api = await slowApi(1500);
    const server = await startServerJs(site, { SPORTIFY_API_URL: api.url });
    try {
      const inFlight = request(server.url, '/api/slow');
      assert.equal(await api.arrived(), '/slow');
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // Give the signal a moment to land, then a new connection finds nobody listening.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(await refused(server.port), true, 'a new connection is refused while draining');
      const answer = await inFlight;
      assert.equal(answer.status, 200);
      assert.equal(answer.body, 'the slow answer, complete');
      const { code, at } = await server.exited;
      assert.equal(code, 0, server.output());
      assert.ok(at - signalled >= 1000, 'it waited for the request in flight');
      assert.match(server.output(), /SIGTERM: taking no new connection, finishing the requests in flight/);
    } finally {
      server.child.kill('SIGKILL');
      await api.close();
      site.remove();
    }
  });

  test('a request that never ends is cut at SHUTDOWN_TIMEOUT_SECONDS, and the process exits 1', async () => {
    const site = makeSite();
    const api = await slowApi(0);
    const server = await startServerJs(site, { SPORTIFY_API_URL: api.url, SHUTDOWN_TIMEOUT_SECONDS: '1' });
    try {
      const hanging = request(server.url, '/api/never').then(
        (res) => res,
        (error) => error,
      );
      assert.equal(await api.arrived(), '/never');
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const { code, at } = await server.exited;
      assert.equal(code, 1, server.output());
      assert.ok(at - signalled >= 900 && at - signalled < 5000, `exited after ${at - signalled} ms`);
      assert.match(server.output(), /requests still running after 1 s: closed/);
      // The proxy answers 502 when the API's answer never came, or the connection is gone.
      const res = await hanging;
      assert.ok(res instanceof Error || res.status === 502, String(res.status ?? res));
    } finally {
      server.child.kill('SIGKILL');
      await api.close();
      site.remove();
    }
  });

  test('a bad SHUTDOWN_TIMEOUT_SECONDS stops the start, naming it', async () => {
    const site = makeSite();
    try {
      await assert.rejects(
        startServerJs(site, { SHUTDOWN_TIMEOUT_SECONDS: 'soon' }),
        /SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 300 \(got "soon"\)/,
      );
    } finally {
      site.remove();
    }
  });
});

describe('metrics', () => {
  const site = makeSite();
  after(() => site.remove());

  const scrape = async (url) => {
    const res = await fetch(`${url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const count = (text, labels) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith('sportify_http_request_duration_seconds_count{') && labels.every((x) => l.includes(x)));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  test('requests are counted by route pattern on a port of their own, never on the site', async () => {
    const metrics = new PageMetrics();
    const page = await startPageServer(site, { metrics });
    const server = await metrics.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${portOf(server)}`;
    try {
      await request(page.url, '/classes?page=2');
      await request(page.url, '/classes');
      await request(page.url, '/dashboard/payment/65f0c0ffee0000000000abcd');
      await request(page.url, '/config.json');
      await request(page.url, '/main.0123456789abcdef.js');
      let text = await scrape(url);
      assert.equal(count(text, ['route="/classes"', 'method="GET"', 'status_code="200"']), 2);
      assert.equal(count(text, ['route="/dashboard/payment/:id"']), 1);
      assert.equal(count(text, ['route="/config.json"']), 1);
      assert.equal(count(text, ['route="file"']), 1);
      assert.doesNotMatch(text, /65f0c0ffee|page=2/, 'no URL of its own in a label');
      assert.match(text, /^# TYPE sportify_canary_error_rate gauge$/m, 'the canary gauges are declared');
      assert.match(text, /^process_cpu_seconds_total /m, "the process's own figures");

      await request(page.url, '/classes');
      text = await scrape(url);
      assert.equal(count(text, ['route="/classes"', 'status_code="200"']), 3);

      // The site itself has no /metrics: it is a page (the client-render frame), never the figures.
      const onSite = await request(page.url, '/metrics');
      assert.doesNotMatch(onSite.body, /sportify_http_request_duration_seconds/);
      assert.equal((await fetch(`${url}/anything-else`)).status, 404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await page.close();
    }
  });
});
