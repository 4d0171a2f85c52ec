import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config';
import { runSeed } from '../src/seed/seed';
import { ADMIN, NOAH } from './support/demo';
import { signIn } from './support/emulator';
import { sleep, startApiProcess, startNginxProcess, type ApiProc, type Proc } from './support/processes';
import { testEnv } from './support/test-app';

// Two replicas of the built API on one database, behind nginx, all on free ports: what `npm run start:scaled` runs.
describe('two API replicas behind nginx', () => {
  let dir: string;
  let a: ApiProc;
  let b: ApiProc;
  let lb: Proc & { url: string };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sportify-scale-'));
    const env = testEnv({ TRUST_PROXY: '1', RATE_LIMIT_JWT: '6', LOG_LEVEL: 'warn' });
    await runSeed(loadConfig(env));
    a = await startApiProcess(env);
    b = await startApiProcess(env);
    lb = await startNginxProcess(dir, [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
  });

  afterAll(async () => {
    await lb?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (base: string) => {
    const res = await fetch(`${base}/classes`);
    expect(res.status).toBe(200);
    return {
      names: ((await res.json()) as Array<{ className: string }>).map((c) => c.className),
      etag: res.headers.get('etag'),
    };
  };

  it('shows a write made through one replica through the other and through nginx within 1 s, with equal ETags', async () => {
    // Every replica has the list cached before the write.
    for (const base of [a.url, b.url, lb.url, lb.url]) await names(base);
    const before = await names(b.url);

    const auth = {
      Authorization: `Bearer ${await tokenFrom(a.url, ADMIN.email, await signIn(ADMIN.email, ADMIN.password), '203.0.113.1')}`,
    };
    const all = (await (await fetch(`${a.url}/all-classes`, { headers: auth })).json()) as Array<{
      _id: string;
      className: string;
      status: string;
    }>;
    const pending = all.find((c) => c.status === 'pending')!;
    expect(before.names).not.toContain(pending.className);

    const approve = await fetch(`${a.url}/classes/status/${pending._id}`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.1' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(approve.status).toBe(200);
    const written = Date.now();

    const seenAfter = async (base: string) => {
      while (Date.now() - written < 5000) {
        if ((await names(base)).names.includes(pending.className)) return Date.now() - written;
        await sleep(20);
      }
      return Infinity;
    };
    const [viaOther, viaNginx] = await Promise.all([seenAfter(b.url), seenAfter(lb.url)]);
    console.log(
      `staleness across replicas: seen through the other replica after ${viaOther} ms, through nginx after ${viaNginx} ms`,
    );
    expect(viaOther).toBeLessThan(1000);
    expect(viaNginx).toBeLessThan(1000);

    // Same data, same ETag on every replica; a copy validated on one is current on the other.
    const [fromA, fromB] = [await names(a.url), await names(b.url)];
    expect(fromA).toEqual(fromB);
    const revalidated = await fetch(`${b.url}/classes`, { headers: { 'If-None-Match': fromA.etag! } });
    expect(revalidated.status).toBe(304);
  });

  it("applies a role change made through one replica to the caller's next requests on the other within 1 s", async () => {
    const client = '203.0.113.7';
    const admin = {
      Authorization: `Bearer ${await tokenFrom(a.url, ADMIN.email, await signIn(ADMIN.email, ADMIN.password), client)}`,
    };
    const noah = {
      Authorization: `Bearer ${await tokenFrom(b.url, NOAH.email, await signIn(NOAH.email, NOAH.password), client)}`,
    };
    const isInstructor = async () => {
      const res = await fetch(`${b.url}/users/instructors/${NOAH.email}`, { headers: noah });
      expect(res.status).toBe(200);
      return ((await res.json()) as { instructor: boolean }).instructor;
    };
    // Replica b now holds Noah's account (a student) in its caller cache.
    expect(await isInstructor()).toBe(false);
    const page = (await (await fetch(`${a.url}/users?q=${NOAH.email}`, { headers: admin })).json()) as {
      items: Array<{ _id: string }>;
    };
    const promote = await fetch(`${a.url}/users/instructors/${page.items[0]._id}`, {
      method: 'PATCH',
      headers: { ...admin, 'X-Forwarded-For': client },
    });
    expect(promote.status).toBe(200);
    const written = Date.now();
    while (!(await isInstructor()) && Date.now() - written < 5000) await sleep(20);
    const seenAfter = Date.now() - written;
    console.log(`role change seen by the other replica after ${seenAfter} ms`);
    expect(seenAfter).toBeLessThan(1000);
  });

  it('counts the POST /jwt budget of a client across both replicas together', async () => {
    const client = { 'X-Forwarded-For': '198.51.100.23' };
    const exchange = (base: string, headers: Record<string, string> = client) =>
      fetch(`${base}/jwt`, {
        method: 'POST',
        headers: { ...headers, Authorization: 'Bearer not-a-firebase-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'someone@test.sportify.camp' }),
      }).then((r) => r.status);

    // RATE_LIMIT_JWT=6: three on each replica use it up; either replica then refuses.
    const spent = [];
    for (let i = 0; i < 6; i++) spent.push(await exchange(i % 2 ? b.url : a.url));
    expect(spent).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await exchange(a.url)).toBe(429);
    expect(await exchange(b.url)).toBe(429);
    // Another client still has its budget.
    expect(await exchange(b.url, { 'X-Forwarded-For': '198.51.100.24' })).toBe(401);
  });

  it('sees the client address through nginx (one trusted hop), not nginx as the client', async () => {
    // A client-sent X-Forwarded-For is not believed: nginx appends the real peer and the replicas trust one hop.
    const spoofed = { 'X-Forwarded-For': '198.51.100.23' };
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        await fetch(`${lb.url}/jwt`, {
          method: 'POST',
          headers: { ...spoofed, Authorization: 'Bearer not-a-firebase-token', 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'someone@test.sportify.camp' }),
        }).then((r) => r.status),
      );
    }
    // 198.51.100.23 is spent (previous test) but this client is 127.0.0.1 as nginx saw it: its own budget of 6.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });
});

async function tokenFrom(base: string, email: string, idToken: string, clientIp: string): Promise<string> {
  const res = await fetch(`${base}/jwt`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json', 'X-Forwarded-For': clientIp },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
