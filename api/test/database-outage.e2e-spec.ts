import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  exitWithin,
  freePort,
  sleep,
  startApiProcess,
  startDevDbProcess,
  startNginxProcess,
  type ApiProc,
  type Proc,
} from './support/processes';
import { testEnv } from './support/test-app';

// The built API against an embedded database of its own, which the tests stop and start again mid-run.
describe('database outages (the real API process, its database stopped and restarted)', () => {
  let dir: string;
  let dbPort: number;
  let dbFile: string;
  let db: Proc | null = null;
  let api: ApiProc | null = null;
  let others: Proc[] = [];
  const env = () => testEnv({ MONGODB_URI: `mongodb://127.0.0.1:${dbPort}/outage`, LOG_LEVEL: 'warn' });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-outage-'));
    dbPort = await freePort();
    dbFile = path.join(dir, 'db.mv');
  });

  afterEach(async () => {
    await Promise.all(others.map((o) => o.stop()));
    others = [];
    await api?.stop();
    await db?.stop();
    api = db = null;
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const timed = async (url: string, init?: RequestInit) => {
    const started = Date.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  };

  it('answers 503 within 1 s while the database is away, stays up, and answers 200 within 5 s of its return', async () => {
    db = await startDevDbProcess(dbPort, dbFile);
    api = await startApiProcess(env());
    expect((await timed(`${api.url}/classes`)).status).toBe(200);

    await db.stop();
    const stoppedAt = Date.now();
    // Every request gets an answer within 1 s; from at most 1 s after the stop, that answer is 503 for everything
    // that needs the database (the cached list may still be served until its coherence check lapses).
    const answers: Array<{ path: string; status: number; ms: number; at: number }> = [];
    while (Date.now() - stoppedAt < 2500) {
      for (const [p, init] of [
        ['/classes', undefined],
        ['/classes/popular', undefined],
        [
          '/jwt',
          {
            method: 'POST',
            headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
            body: '{"email":"a@b.co"}',
          },
        ],
      ] as const) {
        const r = await timed(api.url + p, init);
        answers.push({ path: p, ...r, at: Date.now() - stoppedAt });
      }
    }
    for (const a of answers) expect(a.ms).toBeLessThan(1000);
    const late = answers.filter((a) => a.at > 1000);
    expect(late.length).toBeGreaterThan(0);
    for (const a of late) expect(a).toMatchObject({ status: 503 });
    const body = await (await fetch(`${api.url}/classes`)).json();
    expect(body).toEqual({
      statusCode: 503,
      message: 'The database is unavailable, please try again shortly',
      error: 'Service Unavailable',
    });
    expect((await timed(`${api.url}/health/live`)).status).toBe(200);
    expect((await timed(`${api.url}/health/ready`)).status).toBe(503);
    // Health answers for itself in any spelling the router takes (the gate decides on the route).
    expect((await timed(`${api.url}/HEALTH/Live/`)).status).toBe(200);
    const spelled = await fetch(`${api.url}/Health/Ready/`);
    expect([spelled.status, await spelled.json()]).toEqual([503, expect.objectContaining({ db: 'down' })]);
    expect(api.alive()).toBe(true);

    db = await startDevDbProcess(dbPort, dbFile);
    const backAt = Date.now();
    let recovered = -1;
    while (Date.now() - backAt < 10_000) {
      const [list, ready] = await Promise.all([timed(`${api.url}/classes`), timed(`${api.url}/health/ready`)]);
      if (list.status === 200 && ready.status === 200) {
        recovered = Date.now() - backAt;
        break;
      }
      await sleep(50);
    }
    const slowest = answers.reduce((x, y) => (y.ms > x.ms ? y : x));
    console.log(
      `database outage: ${answers.length} answers, the slowest ${slowest.ms} ms (${slowest.path} ${slowest.status}, ${slowest.at} ms after the stop); ` +
        `200 again ${recovered} ms after the database was back`,
    );
    expect(recovered).toBeGreaterThanOrEqual(0);
    expect(recovered).toBeLessThanOrEqual(5000);
    expect(api.alive()).toBe(true);
  }, 180_000);

  it('through nginx in front of two replicas: 503 during the outage (not 502), 200 after it', async () => {
    db = await startDevDbProcess(dbPort, dbFile);
    api = await startApiProcess(env());
    const second = await startApiProcess(env());
    others.push(second);
    const lb = await startNginxProcess(path.join(dir, 'nginx'), [`127.0.0.1:${api.port}`, `127.0.0.1:${second.port}`]);
    others.unshift(lb);
    expect((await timed(`${lb.url}/classes`)).status).toBe(200);

    await db.stop();
    await sleep(1500);
    for (let i = 0; i < 6; i++) {
      const r = await timed(`${lb.url}/classes`);
      expect(r.status).toBe(503);
      expect(r.ms).toBeLessThan(1000);
    }

    db = await startDevDbProcess(dbPort, dbFile);
    const backAt = Date.now();
    while (Date.now() - backAt < 10_000 && (await timed(`${lb.url}/classes`)).status !== 200) await sleep(50);
    // Both replicas answer again (round robin: two in a row reach both).
    expect([(await timed(`${lb.url}/classes`)).status, (await timed(`${lb.url}/classes`)).status]).toEqual([200, 200]);
    expect(Date.now() - backAt).toBeLessThan(5000);
  }, 180_000);

  it('waits at boot for a database that starts late', async () => {
    api = await startApiProcess(env(), { ready: false });
    // The database starts only once the API has found it missing.
    const end0 = Date.now() + 60_000;
    while (Date.now() < end0 && !api.output().includes('Database not reachable yet')) await sleep(100);
    expect(api.output()).toContain('Database not reachable yet');
    expect(api.alive()).toBe(true);
    db = await startDevDbProcess(dbPort, dbFile);
    const end = Date.now() + 30_000;
    while (
      Date.now() < end &&
      !(await fetch(`${api.url}/health/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(200);
    expect((await fetch(`${api.url}/health/ready`)).status).toBe(200);
  }, 120_000);

  it('gives up after DB_BOOT_TIMEOUT_SECONDS with a message naming it', async () => {
    api = await startApiProcess({ ...env(), DB_BOOT_TIMEOUT_SECONDS: '2' }, { ready: false });
    const exit = await exitWithin(api, 60_000);
    expect(exit).toMatchObject({ code: 1 });
    expect(api.output()).toContain('did not answer within 2 s (DB_BOOT_TIMEOUT_SECONDS)');
  }, 90_000);
});
