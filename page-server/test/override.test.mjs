// One remote from a developer's dev server in the site, for one browser: /__sportify/override sets a cookie the page
// server signs; that browser's pages, config.json and page policy use the override (and its screens render in the
// browser), every other browser keeps the live release; production mode takes a signed-in admin's confirmation
// (a form with a token bound to the session) or a link signed with the override key.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { CONFIG, makeSite, request, startPageServer } from './support.mjs';
import { DEV_OVERRIDE_KEY } from '@sportify/platform/keys';

const DEV_URL = 'http://localhost:4101/mf-manifest.json';
// A developer's dev server as a deployed site admits it: https, on the page server's allow-list.
const PROD_URL = 'https://dev.sportify.test/mf-manifest.json';
const ALLOWED = ['https://dev.sportify.test'];
const LIVE_URL = CONFIG.remotes.mf_public;
const KEY = 'a-test-override-key-of-more-than-32-characters-0123';
const OPS_KEY = 'a-test-ops-key-of-more-than-32-characters-0123456789';
const TWELVE_HOURS = 12 * 60 * 60;
const repoRoot = path.resolve(import.meta.dirname, '../..');

const overridePath = (query) => `/__sportify/override?${new URLSearchParams(query)}`;
const sign = (key, remote, url, expires) =>
  createHmac('sha256', key).update(`${remote}\n${url}\n${expires}`).digest('hex');
const inSeconds = (seconds) => Math.floor(Date.now() / 1000) + seconds;
/** The browser's `sportify_override` cookie after an answer that set it. */
const cookieFrom = (response) =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .find((cookie) => cookie.startsWith('sportify_override='))
    ?.split(';')[0];
/** The `sportify_override` Set-Cookie header of an answer. */
const overrideSetCookie = (response) =>
  [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('sportify_override='));
const policy = (response) =>
  Object.fromEntries(
    response.headers['content-security-policy'].split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
const configOf = async (base, cookie) => {
  const response = await request(base, '/config.json', { headers: cookie ? { cookie } : {} });
  return { response, config: JSON.parse(response.body) };
};
/** A token-shaped value naming `email` (the stand-in API decides who is an admin). */
const tokenFor = (email) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: email, exp: inSeconds(600) })).toString('base64url')}.c2ln`;

describe('overrides in development mode', () => {
  let site;
  let page;
  before(async () => {
    site = makeSite();
    page = await startPageServer(site, { overrideKey: DEV_OVERRIDE_KEY });
  });
  after(async () => {
    await page.close();
    site.remove();
  });

  test("any browser sets one; its config and pages use the dev server's manifest, other browsers the live one", async () => {
    const set = await request(page.url, overridePath({ remote: 'mf_public', url: DEV_URL }));
    assert.equal(set.status, 303);
    assert.equal(set.headers.location, '/');
    assert.match(
      String(set.headers['set-cookie']),
      /^sportify_override=[\w-]+\.[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const cookie = cookieFrom(set);

    const { response, config } = await configOf(page.url, cookie);
    assert.equal(config.remotes.mf_public, DEV_URL);
    assert.deepEqual(config.releases.mf_public, { version: null, channel: 'override' });
    assert.deepEqual(config.overrides, { mf_public: DEV_URL });
    assert.match(response.headers['x-sportify-releases'], /(^|, )mf_public=override(,|$)/);
    assert.equal(response.headers['x-sportify-override'], `mf_public=${DEV_URL}`);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    assert.match(response.headers.vary, /Cookie/);

    const other = await configOf(page.url);
    assert.equal(other.config.remotes.mf_public, LIVE_URL);
    assert.deepEqual(other.config.releases.mf_public, { version: null, channel: 'build' });
    assert.equal(other.config.overrides, undefined);
    assert.equal(other.response.headers['x-sportify-override'], undefined);
  });

  test("that browser's pages render its screens in the browser, with a policy that admits the dev server", async () => {
    const cookie = cookieFrom(await request(page.url, overridePath({ remote: 'mf_public', url: DEV_URL })));
    globalThis.__renders = [];
    const overridden = await request(page.url, '/classes', { headers: { cookie } });
    assert.equal(overridden.status, 200);
    assert.equal(globalThis.__renders.length, 0, 'the server render has no build of the dev server');
    assert.doesNotMatch(overridden.body, /server render of/);
    assert.equal(overridden.headers['x-sportify-render'], 'browser; mf_public is overridden');
    assert.equal(overridden.headers['cache-control'], 'private, no-store');
    const inline = JSON.parse(/<script id="sportify-config"[^>]*>(.*?)<\/script>/.exec(overridden.body)[1]);
    assert.deepEqual(inline.overrides, { mf_public: DEV_URL });
    const directives = policy(overridden);
    // Its scripts run as the shell's loader starts them ('strict-dynamic'): no host is listed for scripts.
    assert.deepEqual(directives['script-src'], [directives['script-src'][0], "'strict-dynamic'"]);
    assert.ok(directives['img-src'].includes('http://localhost:4101'));
    assert.ok(directives['connect-src'].includes('http://localhost:4101'));
    assert.ok(directives['connect-src'].includes('ws://localhost:4101'), 'the live-reload socket');

    const live = await request(page.url, '/classes');
    assert.match(live.body, /server render of \/classes/);
    assert.equal(live.headers['x-sportify-render'], undefined);
    const liveDirectives = policy(live);
    assert.ok(!liveDirectives['img-src'].includes('http://localhost:4101'));
    assert.ok(!liveDirectives['connect-src'].some((source) => source.startsWith('ws:')));
  });

  test('a manifest from elsewhere than this machine is refused without SPORTIFY_OVERRIDE_ORIGINS', async () => {
    for (const url of ['http://192.0.2.10:4101/mf-manifest.json', 'https://dev.sportify.test/mf-manifest.json']) {
      const response = await request(page.url, overridePath({ remote: 'mf_public', url }));
      assert.equal(response.status, 403, url);
      assert.match(response.body, /is not an origin overrides may come from/);
      assert.equal(response.headers['set-cookie'], undefined);
    }
    for (const url of [DEV_URL, 'http://127.0.0.1:4501/mf-manifest.json', 'http://[::1]:4102/mf-manifest.json']) {
      const response = await request(page.url, overridePath({ remote: 'mf_public', url }));
      assert.equal(response.status, 303, url);
    }
  });

  test('clear ends it', async () => {
    const cleared = await request(page.url, '/__sportify/override?clear=1');
    assert.equal(cleared.status, 303);
    assert.equal(cleared.headers.location, '/');
    assert.match(String(cleared.headers['set-cookie']), /^sportify_override=; .*Max-Age=0/);
  });

  test('a malformed link is refused with a clear message', async () => {
    for (const [query, message] of [
      [{ remote: 'mf_nope', url: DEV_URL }, /Unknown remote "mf_nope": the site's remotes are mf_public/],
      [{ remote: 'mf_public', url: 'ftp://localhost/mf-manifest.json' }, /must be http\(s\)/],
      [{ remote: 'mf_public', url: 'http://localhost:4101/remoteEntry.js' }, /must end with mf-manifest.json/],
      [{ remote: 'mf_public', url: 'http://me:pw@localhost:4101/mf-manifest.json' }, /user name or password/],
      [{ remote: 'mf_public', url: '/mf-manifest.json' }, /not an absolute URL/],
      [{ remote: 'mf_public', url: DEV_URL, expires: 'soon', sig: 'ab' }, /expires must be a time in unix seconds/],
    ]) {
      const response = await request(page.url, overridePath(query));
      assert.equal(response.status, 400, JSON.stringify(query));
      assert.match(response.body, message);
      assert.equal(response.headers['set-cookie'], undefined);
    }
  });

  test('a cookie that was changed, or signed with another key, is no override', async () => {
    const cookie = cookieFrom(await request(page.url, overridePath({ remote: 'mf_public', url: DEV_URL })));
    const [payload, signature] = cookie.slice('sportify_override='.length).split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const evil = Buffer.from(JSON.stringify({ ...body, u: 'https://evil.example/mf-manifest.json' })).toString(
      'base64url',
    );
    const otherKey = createHmac('sha256', 'another key').update(`sportify_override\n${payload}`).digest('hex');
    for (const forged of [`sportify_override=${evil}.${signature}`, `sportify_override=${payload}.${otherKey}`]) {
      const { config } = await configOf(page.url, forged);
      assert.equal(config.remotes.mf_public, LIVE_URL);
      assert.equal(config.overrides, undefined);
    }
  });
});

/** A stand-in API for the admin check: GET /users/admin/:email answers for the token's own e-mail only. */
function fakeApi(admins) {
  const server = http.createServer((req, res) => {
    const match = /^\/users\/admin\/([^/?]+)$/.exec(req.url);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const sub = token && JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
    res.setHeader('content-type', 'application/json');
    if (!match || !sub) return res.writeHead(401).end('{}');
    if (decodeURIComponent(match[1]) !== sub) return res.writeHead(403).end('{}');
    res.end(JSON.stringify({ admin: admins.includes(sub) }));
  });
  return {
    start: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port))),
    close: () => new Promise((resolve) => (server.close(resolve), server.closeAllConnections())),
  };
}

/** The body of an override cookie (its payload is readable; only the signature is secret). */
const cookieBody = (cookie) =>
  JSON.parse(Buffer.from(cookie.slice('sportify_override='.length).split('.')[0], 'base64url').toString());
/** A cookie signed as the page server signs one, with any body (to show what the server refuses however signed). */
const signedCookie = (key, body) => {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  const cookieKey = createHmac('sha256', key).update('sportify-override/cookie').digest('hex');
  return `sportify_override=${payload}.${createHmac('sha256', cookieKey).update(`sportify_override\n${payload}`).digest('hex')}`;
};
/** The confirmation page's form fields. */
const formOf = (html) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
const post = (base, fields, headers) =>
  request(base, '/__sportify/override', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe('overrides in production mode', () => {
  let site;
  let api;
  let page;
  let keyless;
  const admin = `sportify_session=${tokenFor('admin@sportify.camp')}`;
  const unsigned = overridePath({ remote: 'mf_public', url: PROD_URL });
  const signedLink = (expires, key = KEY, url = PROD_URL) =>
    overridePath({ remote: 'mf_public', url, expires, sig: sign(key, 'mf_public', url, expires) });
  before(async () => {
    site = makeSite();
    api = fakeApi(['admin@sportify.camp']);
    const apiUrl = `http://127.0.0.1:${await api.start()}`;
    page = await startPageServer(site, {
      devMode: false,
      overrideKey: KEY,
      opsKey: OPS_KEY,
      apiUrl,
      overrideOrigins: ALLOWED,
    });
    keyless = await startPageServer(site, { devMode: false, opsKey: OPS_KEY, apiUrl, overrideOrigins: ALLOWED });
  });
  after(async () => {
    await Promise.all([page.close(), keyless.close(), api.close()]);
    site.remove();
  });

  test('an unsigned override is refused to a visitor and to a signed-in user who is not an admin', async () => {
    const visitor = await request(page.url, unsigned, { headers: { 'sec-fetch-site': 'none' } });
    assert.equal(visitor.status, 403);
    assert.match(visitor.body, /Overrides in production are for signed-in admins, or need a link signed/);
    assert.equal(visitor.headers['set-cookie'], undefined);
    const student = await request(page.url, unsigned, {
      headers: { 'sec-fetch-site': 'none', cookie: `sportify_session=${tokenFor('mia@sportify.camp')}` },
    });
    assert.equal(student.status, 403);
    assert.equal(student.headers['set-cookie'], undefined);
  });

  test("an admin's GET never sets the cookie: from another site it is refused, opened here it asks to confirm", async () => {
    for (const fetchSite of ['cross-site', 'same-site', undefined]) {
      const refused = await request(page.url, unsigned, {
        headers: { cookie: admin, ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) },
      });
      assert.equal(refused.status, 403, fetchSite);
      assert.match(refused.body, /opened by a signed-in admin from the address bar or this site/);
      assert.equal(refused.headers['set-cookie'], undefined);
    }
    for (const fetchSite of ['none', 'same-origin']) {
      const asked = await request(page.url, unsigned, { headers: { 'sec-fetch-site': fetchSite, cookie: admin } });
      assert.equal(asked.status, 200, fetchSite);
      assert.equal(asked.headers['set-cookie'], undefined, 'a GET sets nothing');
      assert.match(asked.headers['content-type'], /^text\/html/);
      assert.equal(asked.headers['cache-control'], 'no-store');
      assert.match(asked.headers['content-security-policy'], /frame-ancestors 'none'/);
      assert.match(asked.headers['content-security-policy'], /form-action 'self'/);
      assert.match(asked.body, /<dd id="override-remote">mf_public<\/dd>/);
      assert.match(asked.body, /<dd id="override-url">https:\/\/dev.sportify.test\/mf-manifest.json<\/dd>/);
      assert.match(asked.body, /<dd id="override-origin"><strong>https:\/\/dev.sportify.test<\/strong><\/dd>/);
      assert.match(asked.body, /<form method="post" action="\/__sportify\/override">/);
      assert.deepEqual(Object.keys(formOf(asked.body)), ['remote', 'url', 'token']);
    }
  });

  test("the confirmation's POST sets the override for 12 hours, only with its own token, session and override", async () => {
    const asked = await request(page.url, unsigned, { headers: { 'sec-fetch-site': 'none', cookie: admin } });
    const form = formOf(asked.body);
    const otherAdmin = `sportify_session=${tokenFor('admin@sportify.camp').replace(/c2ln$/, 'b3RoZXI')}`;
    for (const [fields, headers] of [
      [{ remote: form.remote, url: form.url }, { cookie: admin }],
      [{ ...form, token: '' }, { cookie: admin }],
      [{ ...form, token: `${inSeconds(300)}.${'0'.repeat(64)}` }, { cookie: admin }],
      [form, {}],
      [form, { cookie: otherAdmin }],
      [{ ...form, url: 'https://evil.example/mf-manifest.json' }, { cookie: admin }],
      [form, { cookie: admin, 'sec-fetch-site': 'cross-site' }],
      [form, { cookie: `sportify_session=${tokenFor('mia@sportify.camp')}` }],
    ]) {
      const refused = await post(page.url, fields, headers);
      assert.equal(refused.status, 403, JSON.stringify([fields, headers]));
      assert.equal(refused.headers['set-cookie'], undefined);
    }
    const confirmed = await post(page.url, form, { cookie: admin, 'sec-fetch-site': 'same-origin' });
    assert.equal(confirmed.status, 303);
    assert.equal(confirmed.headers.location, '/');
    assert.match(String(confirmed.headers['set-cookie']), /; HttpOnly; SameSite=Lax; Secure; Max-Age=43200$/);
    const cookie = cookieFrom(confirmed);
    assert.ok(cookieBody(cookie).e <= inSeconds(TWELVE_HOURS));
    assert.equal((await configOf(page.url, `${cookie}; ${admin}`)).config.remotes.mf_public, PROD_URL);
  });

  test('a cookie without an end, or past 12 hours, is no override here even when signed with the key', async () => {
    for (const e of [0, inSeconds(TWELVE_HOURS + 600)]) {
      const cookie = signedCookie(KEY, { r: 'mf_public', u: PROD_URL, m: 'prod', e });
      assert.equal((await configOf(page.url, cookie)).config.remotes.mf_public, LIVE_URL, `e=${e}`);
    }
    const cookie = signedCookie(KEY, { r: 'mf_public', u: PROD_URL, m: 'prod', e: inSeconds(600) });
    assert.equal((await configOf(page.url, cookie)).config.remotes.mf_public, PROD_URL);
  });

  test('a link signed with the override key is accepted until it expires; a wrong or expired signature is refused', async () => {
    const expires = inSeconds(3600);
    for (const headers of [{}, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-origin' }]) {
      const accepted = await request(page.url, signedLink(expires), { headers });
      assert.equal(accepted.status, 303);
      assert.match(String(accepted.headers['set-cookie']), /; Secure; Max-Age=(3600|3599)$/);
      assert.equal((await configOf(page.url, cookieFrom(accepted))).config.remotes.mf_public, PROD_URL);
    }

    const otherUrl = overridePath({
      remote: 'mf_public',
      url: 'https://dev.sportify.test/other/mf-manifest.json',
      expires,
      sig: sign(KEY, 'mf_public', PROD_URL, expires),
    });
    const devKey = signedLink(expires, DEV_OVERRIDE_KEY);
    for (const forged of [otherUrl, devKey]) {
      const response = await request(page.url, forged);
      assert.equal(response.status, 403);
      assert.match(response.body, /The link's signature is not valid/);
    }
    const expired = await request(page.url, signedLink(inSeconds(-60)));
    assert.equal(expired.status, 403);
    assert.match(expired.body, /The link expired at \d{4}-/);
  });

  test("a link signed with the operators' key is refused: override links have a key of their own", async () => {
    const response = await request(page.url, signedLink(inSeconds(3600), OPS_KEY));
    assert.equal(response.status, 403);
    assert.match(response.body, /The link's signature is not valid/);
    assert.equal(response.headers['set-cookie'], undefined);
  });

  test('a signed link valid for more than 24 hours is refused, however well signed', async () => {
    const response = await request(page.url, signedLink(inSeconds(24 * 3600 + 120)), {
      headers: { 'sec-fetch-site': 'none' },
    });
    assert.equal(response.status, 403);
    assert.match(response.body, /valid for more than 24 hours/);
    assert.equal(response.headers['set-cookie'], undefined);
  });

  test('a signed link followed from another site is refused', async () => {
    for (const fetchSite of ['cross-site', 'same-site']) {
      const response = await request(page.url, signedLink(inSeconds(3600)), {
        headers: { 'sec-fetch-site': fetchSite, cookie: admin },
      });
      assert.equal(response.status, 403, fetchSite);
      assert.match(response.body, /not followed from another site/);
      assert.equal(response.headers['set-cookie'], undefined);
    }
  });

  test("a signed link's cookie lasts 12 hours at most, and ends with the link's validity", async () => {
    const long = await request(page.url, signedLink(inSeconds(20 * 3600)));
    assert.equal(long.status, 303);
    assert.match(String(long.headers['set-cookie']), /; Max-Age=43200$/);
    assert.ok(cookieBody(cookieFrom(long)).e <= inSeconds(TWELVE_HOURS));

    const expires = inSeconds(2);
    const cookie = cookieFrom(await request(page.url, signedLink(expires)));
    assert.equal((await configOf(page.url, cookie)).config.remotes.mf_public, PROD_URL);
    await new Promise((resolve) => setTimeout(resolve, (expires + 1) * 1000 - Date.now()));
    assert.equal((await configOf(page.url, cookie)).config.remotes.mf_public, LIVE_URL);
  });

  test('a development-mode cookie is no override here, even under the same key', async () => {
    const dev = await startPageServer(site, { overrideKey: KEY, overrideOrigins: ALLOWED });
    try {
      const cookie = cookieFrom(await request(dev.url, overridePath({ remote: 'mf_public', url: PROD_URL })));
      assert.equal((await configOf(dev.url, cookie)).config.remotes.mf_public, PROD_URL);
      assert.equal((await configOf(page.url, cookie)).config.remotes.mf_public, LIVE_URL);
    } finally {
      await dev.close();
    }
  });

  test('without an override key no override is possible', async () => {
    const response = await request(keyless.url, signedLink(inSeconds(3600)), {
      headers: { 'sec-fetch-site': 'none', cookie: admin },
    });
    assert.equal(response.status, 403);
    assert.match(response.body, /Overrides are off: this page server has no SPORTIFY_OVERRIDE_KEY/);
    const posted = await post(keyless.url, { remote: 'mf_public', url: PROD_URL, token: 'x' }, { cookie: admin });
    assert.equal(posted.status, 403);
  });

  test('npm run override-link prints a link this page server accepts, signed with SPORTIFY_OVERRIDE_KEY', async () => {
    const run = (args, env) =>
      promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/override-link.mjs'), ...args], {
        env: { ...process.env, SITE_URL: page.url, ...env },
      });
    const { stdout } = await run(['mf-public', PROD_URL, '--hours', '1'], {
      SPORTIFY_OVERRIDE_KEY: KEY,
      SPORTIFY_OPS_KEY: OPS_KEY,
    });
    const link = new URL(stdout.split('\n')[0]);
    assert.equal(link.origin, page.url);
    const expires = Number(link.searchParams.get('expires'));
    assert.ok(Math.abs(expires - inSeconds(3600)) < 5, `expires ${expires}`);
    const response = await request(page.url, link.pathname + link.search);
    assert.equal(response.status, 303);
    assert.equal((await configOf(page.url, cookieFrom(response))).config.remotes.mf_public, PROD_URL);

    // A production key signs only an https (or loopback) manifest, and only from SPORTIFY_OVERRIDE_ORIGINS when set.
    await assert.rejects(
      run(['mf-public', 'http://dev.sportify.test/mf-manifest.json'], { SPORTIFY_OVERRIDE_KEY: KEY }),
      (error) => /must be https \(or on this machine's loopback\)/.test(error.stderr),
    );
    await assert.rejects(
      run(['mf-public', 'https://elsewhere.example/mf-manifest.json'], {
        SPORTIFY_OVERRIDE_KEY: KEY,
        SPORTIFY_OVERRIDE_ORIGINS: ALLOWED.join(','),
      }),
      (error) => /https:\/\/elsewhere.example is not an origin overrides may come from/.test(error.stderr),
    );
    await assert.rejects(run(['mf-public', PROD_URL, '--hours', '25'], { SPORTIFY_OVERRIDE_KEY: KEY }), (error) =>
      /--hours must be a number of hours up to 24/.test(error.stderr),
    );
  });
  test('a manifest from an origin not on SPORTIFY_OVERRIDE_ORIGINS is refused, however the override is asked for', async () => {
    const elsewhere = 'https://elsewhere.example/mf-manifest.json';
    const link = await request(page.url, signedLink(inSeconds(3600), KEY, elsewhere), {
      headers: { 'sec-fetch-site': 'none' },
    });
    assert.equal(link.status, 403);
    assert.match(
      link.body,
      /https:\/\/elsewhere.example is not an origin overrides may come from \(SPORTIFY_OVERRIDE_ORIGINS: https:\/\/dev.sportify.test\)/,
    );
    assert.equal(link.headers['set-cookie'], undefined);
    const asked = await request(page.url, overridePath({ remote: 'mf_public', url: elsewhere }), {
      headers: { 'sec-fetch-site': 'none', cookie: admin },
    });
    assert.equal(asked.status, 403);
    // A cookie signed before the list changed names an origin no longer on it: no override.
    const cookie = signedCookie(KEY, { r: 'mf_public', u: elsewhere, m: 'prod', e: inSeconds(600) });
    assert.equal((await configOf(page.url, cookie)).config.remotes.mf_public, LIVE_URL);
  });

  test("an admin's override ends with the session it was confirmed in: Logout, or another account", async () => {
    const confirm = async (session) => {
      const asked = await request(page.url, unsigned, { headers: { 'sec-fetch-site': 'none', cookie: session } });
      const confirmed = await post(page.url, formOf(asked.body), { cookie: session, 'sec-fetch-site': 'same-origin' });
      assert.equal(confirmed.status, 303);
      return cookieFrom(confirmed);
    };
    const override = await confirm(admin);
    assert.equal((await configOf(page.url, `${override}; ${admin}`)).config.remotes.mf_public, PROD_URL);
    // Logout clears the session cookie: the override is no longer this browser's, and its cookie is cleared.
    for (const session of ['', `; sportify_session=${tokenFor('mia@sportify.camp')}`]) {
      const { response, config } = await configOf(page.url, `${override}${session}`);
      assert.equal(config.remotes.mf_public, LIVE_URL, session || 'no session');
      assert.equal(config.overrides, undefined);
      assert.match(overrideSetCookie(response), /^sportify_override=; .*Max-Age=0/);
      const pageResponse = await request(page.url, '/classes', { headers: { cookie: `${override}${session}` } });
      assert.match(pageResponse.body, /server render of/);
    }
    // Another admin signing in on that browser does not inherit it either.
    const other = `sportify_session=${tokenFor('root@sportify.camp')}`;
    assert.equal((await configOf(page.url, `${override}; ${other}`)).config.remotes.mf_public, LIVE_URL);
  });

  test("the admin's renewed session keeps the override, re-bound to the new token", async () => {
    const asked = await request(page.url, unsigned, { headers: { 'sec-fetch-site': 'none', cookie: admin } });
    const override = cookieFrom(
      await post(page.url, formOf(asked.body), { cookie: admin, 'sec-fetch-site': 'same-origin' }),
    );
    const renewed = `sportify_session=${tokenFor('admin@sportify.camp').replace(/c2ln$/, 'cmVuZXdlZA')}`;
    const { response, config } = await configOf(page.url, `${override}; ${renewed}`);
    assert.equal(config.remotes.mf_public, PROD_URL);
    const rebound = cookieFrom(response);
    assert.notEqual(rebound, override);
    assert.equal(cookieBody(rebound).e, cookieBody(override).e, 'it ends when it would have');
    assert.equal((await configOf(page.url, `${rebound}; ${renewed}`)).config.remotes.mf_public, PROD_URL);
    // The old token's session no longer matches the re-bound cookie.
    assert.equal((await configOf(page.url, `${rebound}`)).config.remotes.mf_public, LIVE_URL);
  });
});
