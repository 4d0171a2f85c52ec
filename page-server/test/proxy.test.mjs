// The API on the site's origin: /api/* goes to the API with the prefix stripped, both bodies stream through, the
// API's status and headers come back, and an API that is down gives 502 with a JSON message.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { makeSite, request, startPageServer } from './support.mjs';

/** A stand-in API that records what it got; `/stream` answers in two parts, the second when `release()` is called. */
function fakeApi() {
  const seen = [];
  let release = () => undefined;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => {
      chunks.push(chunk);
      if (req.url === '/upload' && chunks.length === 1) seen.push({ firstPart: chunk.toString() });
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part;');
        release = () => res.end('second part');
        return;
      }
      if (req.url === '/upload') {
        res.writeHead(201, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ received: Buffer.concat(chunks).toString() }));
      }
      res.writeHead(req.url.startsWith('/missing') ? 404 : 200, {
        'content-type': 'application/json; charset=utf-8',
        'set-cookie': ['sportify_session=t0k3n; HttpOnly; SameSite=Lax; Path=/', 'other=1; Path=/'],
        'x-api-header': 'kept',
        'content-security-policy': "default-src 'self'",
        connection: 'keep-alive, x-hop',
        'x-hop': 'dropped',
      });
      res.end(JSON.stringify({ url: req.url }));
    });
  });
  return {
    seen,
    release: () => release(),
    start: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port))),
    close: () => new Promise((resolve) => (server.close(resolve), server.closeAllConnections())),
  };
}

describe('the API proxy', () => {
  let site;
  let api;
  let page;
  let downPage;
  before(async () => {
    site = makeSite();
    api = fakeApi();
    const port = await api.start();
    page = await startPageServer(site, { apiUrl: `http://127.0.0.1:${port}` });
    // Nothing listens on port 9 (discard) on a test machine.
    downPage = await startPageServer(site, { apiUrl: 'http://127.0.0.1:9' });
  });
  after(async () => {
    await Promise.all([page.close(), downPage.close(), api.close()]);
    site.remove();
  });

  test('passes the status, the body and every Set-Cookie, with the prefix stripped and X-Forwarded-* set', async () => {
    const response = await request(page.url, '/api/classes/popular?limit=6&x=%20y', {
      headers: { cookie: 'a=b', connection: 'keep-alive, x-secret', 'x-secret': 'hop', 'x-forwarded-for': '10.0.0.9' },
    });
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(response.body), { url: '/classes/popular?limit=6&x=%20y' });
    assert.deepEqual(response.headers['set-cookie'], [
      'sportify_session=t0k3n; HttpOnly; SameSite=Lax; Path=/',
      'other=1; Path=/',
    ]);
    assert.equal(response.headers['x-api-header'], 'kept');
    assert.equal(response.headers['x-hop'], undefined, 'a header the API named in Connection is not passed back');

    const got = api.seen.at(-1);
    assert.equal(got.headers['x-forwarded-for'], '10.0.0.9, 127.0.0.1');
    assert.equal(got.headers['x-forwarded-host'], new URL(page.url).host);
    assert.equal(got.headers['x-forwarded-proto'], 'http');
    assert.equal(got.headers['x-forwarded-prefix'], '/api');
    assert.equal(got.headers['x-secret'], undefined, 'a header the browser named in Connection is not forwarded');

    const missing = await request(page.url, '/api/missing');
    assert.equal(missing.status, 404);
    assert.equal((await request(page.url, '/api')).status, 200);
    assert.equal(api.seen.at(-1).url, '/');
  });

  test("the API's pictures on the site: /pictures/... as the API's own path, a held one's revalidation answered here", async () => {
    const picture = `/pictures/${'a1'.repeat(16)}/640.webp`;
    const response = await request(page.url, picture);
    assert.equal(response.status, 200);
    assert.equal(api.seen.at(-1).url, picture, 'the path is not stripped');
    assert.match(response.headers['content-security-policy'], /default-src 'none'/);

    // The URL names its content: the browser's copy is still good, and the API is not asked.
    const before = api.seen.length;
    const etag = `"${'a1'.repeat(16)}-640.webp"`;
    const revalidated = await request(page.url, picture, { headers: { 'if-none-match': `W/${etag}` } });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.etag, etag);
    assert.equal(revalidated.headers['cache-control'], 'public, max-age=31536000, immutable');
    // Another picture's tag is not this one's: that request goes on to the API.
    const other = await request(page.url, picture, { headers: { 'if-none-match': '"something-else"' } });
    assert.equal(other.status, 200);
    assert.equal(api.seen.length, before + 1);

    // Nothing else under /pictures reaches the API; pictures are only read.
    for (const path of ['/pictures', '/pictures/', '/pictures/x/640.webp', `/pictures/${'a1'.repeat(16)}/640.svg`])
      assert.equal((await request(page.url, path)).status, 404, path);
    const posted = await request(page.url, picture, { method: 'POST', body: 'x' });
    assert.equal(posted.status, 405);
    assert.equal(api.seen.length, before + 1);
  });

  test("a proxied API call carries the site's security headers in place of the API's", async () => {
    const response = await request(page.url, '/api/users/admin');
    assert.equal(response.status, 200);
    assert.match(response.headers['content-security-policy'], /default-src 'none'.*frame-ancestors 'none'/);
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  });

  test('streams the request body to the API and the answer back as it comes', async () => {
    const { hostname, port } = new URL(page.url);
    // Request: the API sees the first part before the browser has sent the rest.
    const upload = http.request({ hostname, port, path: '/api/upload', method: 'POST', agent: false });
    upload.setHeader('content-type', 'text/plain');
    upload.flushHeaders();
    upload.write('part one;');
    const deadline = Date.now() + 5000;
    while (!api.seen.some((entry) => entry.firstPart === 'part one;') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok(
      api.seen.some((entry) => entry.firstPart === 'part one;'),
      'the first part reached the API on its own',
    );
    const answer = await new Promise((resolve, reject) => {
      upload.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      upload.on('error', reject);
      upload.end('part two');
    });
    assert.equal(answer.status, 201);
    assert.deepEqual(JSON.parse(answer.body), { received: 'part one;part two' });

    // Response: the browser gets the first part while the API has not finished.
    const parts = await new Promise((resolve, reject) => {
      http
        .get({ hostname, port, path: '/api/stream', agent: false }, (res) => {
          const received = [];
          res.on('data', (chunk) => {
            received.push(chunk.toString());
            if (received.length === 1) api.release();
          });
          res.on('end', () => resolve(received));
        })
        .on('error', reject);
    });
    assert.deepEqual(parts, ['first part;', 'second part']);
  });

  test('an API that is down answers 502 with a JSON message', async () => {
    const response = await request(downPage.url, '/api/classes');
    assert.equal(response.status, 502);
    assert.match(response.headers['content-type'], /^application\/json/);
    assert.equal(JSON.parse(response.body).message, 'The API is not reachable right now. Please try again.');
    assert.doesNotMatch(response.body, /ECONNREFUSED|127\.0\.0\.1|\bat\s/);
  });
});

describe('the API proxy and kept-alive connections', () => {
  // An API that closes a kept-alive connection just as the proxy sends its next request on it (what a server
  // whose idle timeout ends at that moment does): each connection answers one request, then resets.
  const answered = [];
  const api = http.createServer((req, res) => {
    if (req.socket.servedOne) return void req.socket.destroy();
    req.socket.servedOne = true;
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      answered.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end(JSON.stringify({ url: req.url, body }));
    });
  });
  const site = makeSite();
  let page;
  before(async () => {
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    page = await startPageServer(site, { apiUrl: `http://127.0.0.1:${api.address().port}` });
  });
  after(async () => {
    await page.close();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    site.remove();
  });

  test('a request that meets a connection the API has just closed is sent again on a new one', async () => {
    const first = await request(page.url, '/api/users/admin/a');
    assert.equal(first.status, 200);
    const second = await request(page.url, '/api/users/instructors/a');
    assert.equal(second.status, 200, second.body);
    assert.deepEqual(JSON.parse(second.body), { url: '/users/instructors/a', body: '' });
    const posted = await request(page.url, '/api/jwt', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.c"}',
    });
    assert.equal(posted.status, 200, posted.body);
    assert.deepEqual(JSON.parse(posted.body), { url: '/jwt', body: '{"email":"a@b.c"}' });
    assert.deepEqual(answered, ['GET /users/admin/a ', 'GET /users/instructors/a ', 'POST /jwt {"email":"a@b.c"}']);
  });
});
