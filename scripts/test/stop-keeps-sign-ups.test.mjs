// `npm start` in its own process group, stopped the ways a person stops it (a terminal's Ctrl-C reaches the whole
// group; SIGTERM; Ctrl-C twice): every sign-up and every printed demo login still signs in at the next start. Then
// the emulator's accounts are lost while the database keeps its data: the next start re-creates the demo logins.
// Needs the built packages (`npm test` builds before `npm run test:scripts`; without dist/ the launcher builds).
// Run by `npm run test:scripts` (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isPortBusy } from '../lib/ports.mjs';
import { launcherSchema } from '../lib/settings.mjs';
import { repoRoot } from '../lib/stack.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sportify-stop-'));
test.after(() => rmSync(dataDir, { recursive: true, force: true }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves with `value` after ms without keeping the test process alive. */
const deadline = (ms, value) => new Promise((resolve) => setTimeout(resolve, ms, value).unref());

// Every port the launcher listens on, from its settings' schema, so that a site already running on the defaults (a
// developer's, or the journeys') is left alone.
const ports = {};
for (const name of Object.keys(launcherSchema(false).shape).filter((key) => key.endsWith('_PORT'))) {
  ports[name] = await freePort();
}
const built = ['api/dist/main.js', 'shell/dist/index.html'].every((f) => existsSync(path.join(repoRoot, f)));
const env = {
  ...process.env,
  ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
  SPORTIFY_DATA_DIR: dataDir,
  SPORTIFY_SKIP_BUILD: built ? '1' : '',
  FIREBASE_API_KEY: '',
  FIREBASE_PROJECT_ID: '',
  MONGODB_URI: '',
};
const API_KEY = 'demo-sportify-key';
const authUrl = (action) =>
  `http://127.0.0.1:${ports.FIREBASE_AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=${API_KEY}`;
const api = (p) => `http://127.0.0.1:${ports.API_PORT}${p}`;

/** The launcher running now, stopped at the end whatever happened. */
let running = null;
test.after(async () => {
  if (!running) return;
  process.kill(-running.pid, 'SIGTERM');
  await running.exited;
});

/** Starts `npm start` (the launcher itself) as the leader of a new process group, as a terminal does. */
async function launch() {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      running = null;
      resolve({ code, signal });
    }),
  );
  running = { pid: child.pid, exited };
  let settled = false;
  const ready = await Promise.race([
    (async () => {
      // Polls only until the race is over: a launcher that exits first must not leave the test process waiting.
      while (!settled && !output.includes('Press Ctrl-C to stop.')) await sleep(200);
      return true;
    })(),
    exited.then(() => false),
    deadline(600_000, false),
  ]);
  settled = true;
  assert.ok(ready, `npm start did not become ready:\n${output}`);
  const logins = [...output.matchAll(/^ {2}(\w+)\s+(\S+@\S+)\s+(\S+)$/gm)].map((m) => ({
    email: m[2],
    password: m[3],
  }));
  assert.ok(logins.length >= 3, `no demo logins printed:\n${output}`);
  return { pid: child.pid, exited, logins, output: () => output };
}

/** Sends signals to the whole group, waits for the launcher's end and for every port to be free again. */
async function stop(run, signals) {
  for (const [i, signal] of signals.entries()) {
    // A person's second Ctrl-C comes while the first stop is still saving; a quick stop can be over within 300 ms.
    if (i > 0) await sleep(20);
    process.kill(-run.pid, signal);
  }
  const result = await Promise.race([run.exited, deadline(120_000, null)]);
  assert.ok(result, `the launcher did not stop:\n${run.output()}`);
  for (let i = 0; i < 300; i++) {
    const busy = await Promise.all(Object.values(ports).map((p) => isPortBusy(p)));
    if (!busy.some(Boolean)) return run.output();
    await sleep(200);
  }
  assert.fail(`ports still busy after the stop:\n${run.output()}`);
}

async function post(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Signs up in the emulator (as the browser SDK does) and registers with the API; a refusal shows the stack's log. */
async function register(email, run) {
  const signUp = await post(authUrl('signUp'), { email, password: 'Test@2026', returnSecureToken: true });
  assert.equal(signUp.status, 200, JSON.stringify(signUp.body));
  // A sign-in's token: the emulator can date a sign-up's token a second before the account's validSince, and
  // firebase-admin then takes it as revoked (api/test/support/emulator.ts).
  const signIn = await post(authUrl('signInWithPassword'), { email, password: 'Test@2026', returnSecureToken: true });
  assert.equal(signIn.status, 200, JSON.stringify(signIn.body));
  const created = await post(
    api('/users'),
    { email, userName: 'Kept' },
    { Authorization: `Bearer ${signIn.body.idToken}` },
  );
  assert.equal(created.status, 201, `${JSON.stringify(created.body)}\n${run.output().slice(-4000)}`);
  return { email, password: 'Test@2026' };
}

/** Signs in with the emulator and exchanges the ID token at /jwt (which also checks the e-mail's uid binding). */
async function assertSignsIn({ email, password }) {
  const signIn = await post(authUrl('signInWithPassword'), { email, password, returnSecureToken: true });
  assert.equal(signIn.status, 200, `${email}: ${JSON.stringify(signIn.body)}`);
  const jwt = await post(api('/jwt'), { email }, { Authorization: `Bearer ${signIn.body.idToken}` });
  assert.equal(jwt.status, 200, `${email}: ${JSON.stringify(jwt.body)}`);
}

test('Ctrl-C, SIGTERM and a double Ctrl-C to the whole group keep every sign-up', { timeout: 1_800_000 }, async (t) => {
  const kept = [];
  const cases = [
    ['Ctrl-C', ['SIGINT']],
    ['SIGTERM', ['SIGTERM']],
    ['a double Ctrl-C', ['SIGINT', 'SIGINT']],
  ];
  let run = await launch();
  for (const [name, signals] of cases) {
    await t.test(name, async () => {
      kept.push(await register(`kept-${kept.length}-${Date.now()}@test.sportify.camp`, run));
      const said = await stop(run, signals);
      assert.doesNotMatch(said, /could not be saved/);
      if (signals.length > 1) assert.match(said, /Stopping now, once the sign-ups are saved/);
      run = await launch();
      for (const account of [...kept, ...run.logins]) await assertSignsIn(account);
    });
  }
  await stop(run, ['SIGINT']);

  await t.test('demo logins lost from the emulator come back though the database has the demo data', async () => {
    rmSync(path.join(dataDir, 'auth'), { recursive: true, force: true });
    run = await launch();
    assert.match(run.output(), /Demo data already present: seed skipped/);
    assert.match(run.output(), /Re-created \d+ demo sign-in accounts/);
    for (const account of run.logins) await assertSignsIn(account);
    await stop(run, ['SIGINT']);
  });
});
