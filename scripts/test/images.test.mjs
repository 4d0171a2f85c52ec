// The API and page-server images start and serve against the embedded database: `npm run test:images`, where podman
// (or CONTAINER=docker) can build and run containers. Builds the images with deploy/images/build.sh unless
// SPORTIFY_API_IMAGE and SPORTIFY_PAGE_SERVER_IMAGE name built ones. Not part of `npm test`: a build takes minutes.
// Both run read-only, as their own non-root user, on the host's network (the database listens on the loopback).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevDb } from '../lib/devdb.mjs';
import { freePort } from '../lib/ports.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const engine = process.env.CONTAINER || 'podman';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sportify-images-'));
const containers = [];
let db;

after(async () => {
  for (const name of containers) spawnSync(engine, ['rm', '-f', name]);
  await db?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function images() {
  if (process.env.SPORTIFY_API_IMAGE && process.env.SPORTIFY_PAGE_SERVER_IMAGE)
    return { api: process.env.SPORTIFY_API_IMAGE, pageServer: process.env.SPORTIFY_PAGE_SERVER_IMAGE };
  const out = execFileSync(path.join(repoRoot, 'deploy/images/build.sh'), ['api', 'page-server'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const version = out.trim().split('\n').pop();
  const registry = process.env.REGISTRY || 'localhost/sportify';
  return { api: `${registry}/api:${version}`, pageServer: `${registry}/page-server:${version}` };
}

/** Starts a container read-only with an empty /tmp; returns its name. */
function start(name, image, env, args = []) {
  const container = `sportify-test-${name}-${process.pid}`;
  const flags = ['--detach', '--name', container, '--network', 'host', '--read-only', '--tmpfs', '/tmp'];
  for (const [key, value] of Object.entries(env)) flags.push('-e', `${key}=${value}`);
  execFileSync(engine, ['run', ...flags, image, ...args], { stdio: 'inherit' });
  containers.push(container);
  return container;
}

async function answers(url, timeoutMs, container) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      const logs = spawnSync(engine, ['logs', container], { encoding: 'utf8' });
      assert.fail(`${url} did not answer within ${timeoutMs / 1000} s:\n${logs.stdout}${logs.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test('the API and page-server images serve the site against the embedded database', async () => {
  const built = images();
  const dbPort = await freePort();
  db = await startDevDb({ port: dbPort, file: path.join(dataDir, 'db') });
  const apiPort = await freePort();
  const sitePort = await freePort();

  const api = start('api', built.api, {
    SPORTIFY_DEV_MODE: '1',
    PORT: String(apiPort),
    MONGODB_URI: `mongodb://127.0.0.1:${dbPort}/sportify`,
  });
  const ready = await answers(`http://127.0.0.1:${apiPort}/health/ready`, 90_000, api);
  assert.deepEqual(await ready.json(), { status: 'ok', db: 'up' });

  const site = start(
    'page-server',
    built.pageServer,
    { SPORTIFY_DEV_MODE: '1', SPORTIFY_API_URL: `http://127.0.0.1:${apiPort}` },
    [
      'page-server/dist/server.js',
      '--dir=shell/dist',
      `--port=${sitePort}`,
      '--host=127.0.0.1',
      '--remote=mf-public:mf_public:mf-public/dist',
    ],
  );
  const config = await (await answers(`http://127.0.0.1:${sitePort}/config.json`, 60_000, site)).json();
  assert.ok(config.remotes.mf_public, 'config.json names mf-public');
  const home = await answers(`http://127.0.0.1:${sitePort}/`, 30_000, site);
  assert.match(await home.text(), /<html/i);
  const proxied = await answers(`http://127.0.0.1:${sitePort}/api/health/live`, 10_000, site);
  assert.deepEqual(await proxied.json(), { status: 'ok' });

  for (const [container, image] of [
    [api, built.api],
    [site, built.pageServer],
  ]) {
    const user = execFileSync(engine, ['image', 'inspect', '--format', '{{.Config.User}}', image], {
      encoding: 'utf8',
    });
    assert.equal(user.trim(), '10001:10001', `${image} runs as its own user`);
    // SIGTERM: the API drains and both exit by themselves.
    const stopped = spawnSync(engine, ['stop', '--time', '20', container], { encoding: 'utf8' });
    assert.equal(stopped.status, 0, stopped.stderr);
    const code = execFileSync(engine, ['inspect', '--format', '{{.State.ExitCode}}', container], { encoding: 'utf8' });
    assert.equal(code.trim(), '0', `${container} exits cleanly on SIGTERM`);
  }
});
