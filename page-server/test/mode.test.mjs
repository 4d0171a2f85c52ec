// The page server as its production layout starts it (node page-server/dist/server.js): production
// unless SPORTIFY_DEV_MODE is exactly 1, and in production it refuses to start without its settings, naming each.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort, makeSite, request } from './support.mjs';
import { DEV_OPS_KEY } from '@sportify/platform/keys';

const SERVER = path.resolve(import.meta.dirname, '../dist/server.js');
const OPS_KEY = 'a-test-ops-key-of-more-than-32-characters-0123456789';
const REPORT_KEY = 'a-test-report-key-of-more-than-32-characters-012345';
/** A production runtime config: a real Firebase project and remotes on the CDN. */
const RUNTIME_CONFIG = JSON.stringify({
  apiUrl: '/api',
  firebase: { apiKey: 'AIza-test', authDomain: 'sportify-camp.firebaseapp.com', projectId: 'sportify-camp' },
  stripePublishableKey: 'pk_live_test',
  remotes: { mf_public: 'https://cdn.sportify.test/mf-public/mf-manifest.json' },
});
/** Every setting production needs. */
const PRODUCTION = {
  SPORTIFY_API_URL: 'http://127.0.0.1:9',
  SPORTIFY_OPS_KEY: OPS_KEY,
  SPORTIFY_REPORT_KEY: REPORT_KEY,
  SPORTIFY_RUNTIME_CONFIG: RUNTIME_CONFIG,
};

/** The environment without any of the site's settings (the test runner's own may carry some). */
const bareEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(SPORTIFY_|PAGE_RENDER_|NODE_ENV$)/.test(name)));

/** Starts server.js; resolves with its exit (code and output) or, once it listens, with a handle to stop it. */
function startServer(site, env, port) {
  const child = spawn(
    process.execPath,
    [
      SERVER,
      '--dir',
      site.shell,
      '--port',
      String(port),
      '--releases',
      site.releases,
      '--remote',
      `mf-public:mf_public:${site.remote}`,
    ],
    { env: { ...bareEnv(), ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ exited: true, code, output }));
    child.stdout.on('data', () => {
      if (/serving .* on http/.test(output))
        resolve({
          exited: false,
          output,
          url: `http://127.0.0.1:${port}`,
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5000).unref();
            }),
        });
    });
  });
}

describe('the page server started as in production', () => {
  let site;
  before(() => {
    site = makeSite();
  });
  after(() => site.remove());

  test('without SPORTIFY_DEV_MODE=1 it is production: it refuses to start, naming every missing setting', async () => {
    for (const flag of [undefined, '0', '', 'true', 'yes', ' 1']) {
      const env = flag === undefined ? {} : { SPORTIFY_DEV_MODE: flag };
      const started = await startServer(site, { ...env, NODE_ENV: 'development' }, await freePort());
      if (!started.exited) await started.stop();
      assert.equal(started.exited, true, `SPORTIFY_DEV_MODE=${flag} started:\n${started.output}`);
      assert.equal(started.code, 2);
      assert.match(started.output, /The page server refuses to start in production mode/);
      assert.match(started.output, /SPORTIFY_API_URL is required/);
      assert.match(started.output, /SPORTIFY_OPS_KEY is required/);
      assert.match(started.output, /SPORTIFY_REPORT_KEY is required/);
    }
  });

  test("a short or development operators' key, or an override key equal to it, is named", async () => {
    const started = await startServer(
      site,
      {
        SPORTIFY_API_URL: 'http://127.0.0.1:9',
        SPORTIFY_OPS_KEY: DEV_OPS_KEY,
        SPORTIFY_OVERRIDE_KEY: DEV_OPS_KEY,
      },
      await freePort(),
    );
    assert.equal(started.exited, true, started.output);
    assert.match(started.output, /SPORTIFY_OPS_KEY must not be the development value/);
    assert.match(started.output, /SPORTIFY_OVERRIDE_KEY must not be the operators' key/);
    const short = await startServer(
      site,
      {
        SPORTIFY_API_URL: 'http://127.0.0.1:9',
        SPORTIFY_OPS_KEY: OPS_KEY,
        SPORTIFY_REPORT_KEY: REPORT_KEY,
        SPORTIFY_OVERRIDE_KEY: 'short',
      },
      await freePort(),
    );
    assert.equal(short.exited, true, short.output);
    assert.match(short.output, /SPORTIFY_OVERRIDE_KEY must be at least 32 characters/);
  });

  test('with its settings it starts, and serves no override without its key and no source map', async () => {
    const started = await startServer(site, PRODUCTION, await freePort());
    assert.equal(started.exited, false, started.output);
    try {
      assert.equal((await request(started.url, '/main.0123456789abcdef.js.map')).status, 404);
      assert.equal((await request(started.url, '/main.0123456789abcdef.js')).status, 200);
      const override = await request(
        started.url,
        '/__sportify/override?remote=mf_public&url=http%3A%2F%2Flocalhost%3A4101%2Fmf-manifest.json',
        { headers: { 'sec-fetch-site': 'none' } },
      );
      assert.equal(override.status, 403);
      assert.equal(override.headers['set-cookie'], undefined);
    } finally {
      await started.stop();
    }
  });

  test('it needs SPORTIFY_RUNTIME_CONFIG, and refuses the emulator and localhost in it, naming each entry', async () => {
    const { SPORTIFY_RUNTIME_CONFIG: _, ...withoutConfig } = PRODUCTION;
    const missing = await startServer(site, withoutConfig, await freePort());
    if (!missing.exited) await missing.stop();
    assert.equal(missing.exited, true, missing.output);
    assert.match(missing.output, /SPORTIFY_RUNTIME_CONFIG is required: the runtime config/);

    const development = JSON.stringify({
      apiUrl: 'http://localhost:5000',
      firebase: {
        apiKey: 'demo-sportify-key',
        authDomain: 'demo-sportify.firebaseapp.com',
        projectId: 'demo-sportify',
        authEmulatorUrl: 'http://127.0.0.1:9099',
      },
      stripePublishableKey: '',
      remotes: {
        mf_public: 'http://localhost:3001/mf-manifest.json',
        mf_admin: 'https://cdn.sportify.test/mf-admin/mf-manifest.json',
        mf_student: 'http://[::1]:3002/mf-manifest.json',
      },
      imageOrigins: ['http://127.0.0.1:3000'],
    });
    for (const [value, problems] of [
      [
        development,
        [
          /apiUrl is http:\/\/localhost:5000: a loopback address/,
          /firebase.authEmulatorUrl is http:\/\/127.0.0.1:9099: the Auth emulator/,
          /firebase.projectId is demo-sportify: a demo project, which only the emulator serves/,
          /remotes.mf_public is http:\/\/localhost:3001\/mf-manifest.json: a loopback address/,
          /remotes.mf_student is http:\/\/\[::1\]:3002\/mf-manifest.json: a loopback address/,
          /imageOrigins.0 is http:\/\/127.0.0.1:3000: a loopback address/,
        ],
      ],
      ['{"apiUrl":', [/SPORTIFY_RUNTIME_CONFIG must be JSON/]],
      [
        '{"apiUrl":"/api"}',
        [/SPORTIFY_RUNTIME_CONFIG is not a runtime config: config.json: "firebase" must be an object/],
      ],
    ]) {
      const refused = await startServer(site, { ...PRODUCTION, SPORTIFY_RUNTIME_CONFIG: value }, await freePort());
      if (!refused.exited) await refused.stop();
      assert.equal(refused.exited, true, refused.output);
      assert.equal(refused.code, 2);
      for (const problem of problems) assert.match(refused.output, problem);
      assert.doesNotMatch(refused.output, /mf_admin/, 'a good entry is not named');
    }
  });

  test('every answer carries Strict-Transport-Security in production, none in development', async () => {
    const production = await startServer(site, PRODUCTION, await freePort());
    assert.equal(production.exited, false, production.output);
    try {
      for (const url of ['/', '/config.json', '/main.0123456789abcdef.js', '/nope.js', '/__sportify/override?clear=1'])
        assert.equal(
          (await request(production.url, url)).headers['strict-transport-security'],
          'max-age=31536000; includeSubDomains',
          url,
        );
    } finally {
      await production.stop();
    }
    const development = await startServer(site, { SPORTIFY_DEV_MODE: '1' }, await freePort());
    try {
      assert.equal((await request(development.url, '/')).headers['strict-transport-security'], undefined);
    } finally {
      await development.stop();
    }
  });

  test('override origins are https in production (or this machine), and named when they are not', async () => {
    const refused = await startServer(
      site,
      {
        ...PRODUCTION,
        SPORTIFY_OVERRIDE_ORIGINS:
          'https://dev.sportify.test, http://dev.sportify.test:4101,http://localhost:4101, nope',
      },
      await freePort(),
    );
    if (!refused.exited) await refused.stop();
    assert.equal(refused.exited, true, refused.output);
    assert.match(
      refused.output,
      /SPORTIFY_OVERRIDE_ORIGINS http:\/\/dev.sportify.test:4101 must be https \(or http on this machine's loopback\); "nope" is not an origin/,
    );
  });

  test('SPORTIFY_DEV_MODE=1 starts with the development defaults', async () => {
    const started = await startServer(site, { SPORTIFY_DEV_MODE: '1' }, await freePort());
    assert.equal(started.exited, false, started.output);
    try {
      assert.equal((await request(started.url, '/main.0123456789abcdef.js.map')).status, 200);
    } finally {
      await started.stop();
    }
  });

  test('in development mode too, wrong settings stop the start, every one named at once', async () => {
    const refused = await startServer(
      site,
      {
        SPORTIFY_DEV_MODE: '1',
        PAGE_RENDER_TIMEOUT_MS: 'soon',
        SPORTIFY_CANARY_CHECK_MS: '5',
        METRICS_PORT: '70000',
        SPORTIFY_TRUST_PROXY: 'everyone',
      },
      await freePort(),
    );
    if (!refused.exited) await refused.stop();
    assert.equal(refused.exited, true, refused.output);
    assert.equal(refused.code, 2);
    assert.match(refused.output, /The page server cannot start with these settings/);
    assert.match(
      refused.output,
      /PAGE_RENDER_TIMEOUT_MS must be a number of milliseconds from 1 to 600000 \(got "soon"\)/,
    );
    assert.match(
      refused.output,
      /SPORTIFY_CANARY_CHECK_MS must be a number of milliseconds \(100 or more\) \(got "5"\)/,
    );
    assert.match(refused.output, /METRICS_PORT must be a port number \(or unset: no metrics\) \(got "70000"\)/);
    assert.match(refused.output, /SPORTIFY_TRUST_PROXY must be a hop count/);
  });
});
