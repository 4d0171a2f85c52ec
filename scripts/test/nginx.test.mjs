// nginx of `npm run start:scaled` in front of two stand-in upstreams (an "API" and a "page server" that report what
// reached them): the API port still serves the API alone; the site port sends `/api/...` to the API with the prefix
// stripped and the request otherwise as the browser wrote it, and everything else to the page server, streamed.
// Run by `npm run test:scripts` (node --test); needs nginx (installed from Debian's package when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNginx } from '../lib/nginx.mjs';
import { freePort } from '../lib/ports.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-nginx-'));

/** A server answering JSON with what reached it; `/stream` writes a first part, then the rest after `ms`. */
async function upstream(name) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.write('<p>first</p>');
        setTimeout(() => res.end('<p>rest</p>'), 400);
        return;
      }
      res.setHeader('Set-Cookie', 'sportify_session=x; Path=/; HttpOnly; SameSite=Lax');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ name, method: req.method, url: req.url, body, xff: req.headers['x-forwarded-for'] }));
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${port}` };
}

const api = await upstream('api');
const site = await upstream('site');
const lb = await startNginx({
  port: await freePort(),
  upstreams: [api.address],
  dir,
  site: { port: await freePort(), upstreams: [site.address] },
});
test.after(async () => {
  await lb.stop();
  api.server.close();
  site.server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (base, p, init) => (await fetch(`${base}${p}`, init)).json();

test('the site port sends /api/... to the API with the prefix stripped, path escapes and query as sent', async () => {
  assert.deepEqual(await get(lb.siteUrl, '/api/classes?page=2&q=a%26b'), {
    name: 'api',
    method: 'GET',
    url: '/classes?page=2&q=a%26b',
    body: '',
    xff: '127.0.0.1',
  });
  const email = await get(lb.siteUrl, '/api/users/admin/a%2Bb%40camp.dev');
  assert.equal(email.url, '/users/admin/a%2Bb%40camp.dev');
  const res = await fetch(`${lb.siteUrl}/api/jwt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'mia@sportify.camp' }),
  });
  assert.deepEqual(await res.json(), {
    name: 'api',
    method: 'POST',
    url: '/jwt',
    body: '{"email":"mia@sportify.camp"}',
    xff: '127.0.0.1',
  });
  // The API's cookie reaches the browser on the site's origin.
  assert.equal(res.headers.get('set-cookie'), 'sportify_session=x; Path=/; HttpOnly; SameSite=Lax');
});

test('the site port sends every other path to the page server', async () => {
  for (const p of ['/', '/classes?page=2', '/dashboard/selected-classes', '/api', '/apiary']) {
    const seen = await get(lb.siteUrl, p);
    assert.equal(seen.name, 'site', p);
    assert.equal(seen.url, p);
  }
});

test('a streamed page reaches the browser part by part', async () => {
  const res = await fetch(`${lb.siteUrl}/stream`);
  const reader = res.body.getReader();
  const started = Date.now();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.equal(first, '<p>first</p>');
  assert.ok(Date.now() - started < 300, 'the first part came before the rest was written');
  let rest = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
  assert.equal(rest, '<p>rest</p>');
});

test('the API port still serves the API alone, as before', async () => {
  assert.equal((await get(lb.url, '/classes/popular')).url, '/classes/popular');
  assert.equal((await get(lb.url, '/')).name, 'api');
});

test('reload points the site at other page servers', async () => {
  const other = await upstream('site-2');
  try {
    await lb.reload([api.address], [other.address]);
    // Workers that served before the reload finish first; the new ones use the new page server.
    let seen;
    // A kept-alive connection to an old worker may close under a request meanwhile (a browser retries such a GET
    // on a new connection): that attempt counts as not yet switched.
    for (let i = 0; i < 50 && seen?.name !== 'site-2'; i++) {
      seen = await get(lb.siteUrl, '/classes').catch(() => undefined);
      if (seen?.name !== 'site-2') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(seen.name, 'site-2');
    assert.equal((await get(lb.siteUrl, '/api/classes')).name, 'api');
  } finally {
    other.server.close();
  }
});
