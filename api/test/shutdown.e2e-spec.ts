import http from 'node:http';
import { signUp, uniqueEmail } from './support/emulator';
import { exitWithin, sleep, startApiProcess, type ApiProc } from './support/processes';
import { testEnv } from './support/test-app';

interface Answer {
  status: number;
  body: string;
}

/**
 * A request whose body arrives slowly: it is in flight (the server has its headers) until `finish()` sends the
 * rest, the way a large upload or a slow client keeps a request open.
 */
function slowPost(base: string, path: string, headers: Record<string, string>, body: string) {
  const url = new URL(path, base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  req.flushHeaders();
  return { answer, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM drains the API (the real process)', () => {
  let api: ApiProc | null = null;

  afterEach(async () => {
    await api?.stop();
    api = null;
  });

  it('finishes the requests in flight, is not ready meanwhile, refuses new ones and exits within the deadline', async () => {
    api = await startApiProcess(testEnv({ SHUTDOWN_TIMEOUT_SECONDS: '10', LOG_LEVEL: 'log' }));
    const emails = [uniqueEmail('drain'), uniqueEmail('drain')];
    const idTokens = await Promise.all(emails.map((e) => signUp(e)));
    const slow = emails.map((email, i) =>
      slowPost(api!.url, '/jwt', { Authorization: `Bearer ${idTokens[i]}` }, JSON.stringify({ email })),
    );
    // Both requests are in the server's hands before the signal.
    await sleep(300);
    api.child.kill('SIGTERM');
    const signalled = Date.now();
    await sleep(200);

    const ready = await fetch(`${api.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ statusCode: 503, status: 'draining' });
    expect((await fetch(`${api.url}/health/live`)).status).toBe(200);
    // In any spelling the router takes: this is decided before routing, on the one normalised path.
    expect((await fetch(`${api.url}/HEALTH/Live/`)).status).toBe(200);
    expect(await (await fetch(`${api.url}/Health/Ready/`)).json()).toMatchObject({ status: 'draining' });
    const refused = await fetch(`${api.url}/classes`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(api.alive()).toBe(true);

    // The slow requests still complete normally, after the signal.
    await sleep(1000);
    for (const s of slow) s.finish();
    const answers = await Promise.all(slow.map((s) => s.answer));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body).token).toEqual(expect.any(String));
    }

    const exit = await exitWithin(api, 12_000);
    const tookMs = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(10_000);
    expect(api.output()).toContain('SIGTERM received: not ready any more, finishing 2 request(s) in flight');
    expect(api.output()).toContain('Stopped cleanly');
  });

  it('exits at SHUTDOWN_TIMEOUT_SECONDS when a request never finishes', async () => {
    api = await startApiProcess(testEnv({ SHUTDOWN_TIMEOUT_SECONDS: '2' }));
    const stuck = slowPost(api.url, '/jwt', {}, JSON.stringify({ email: 'stuck@test.sportify.camp' }));
    const cutOff = stuck.answer.then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await sleep(300);
    api.child.kill('SIGTERM');
    const signalled = Date.now();
    const exit = await exitWithin(api, 10_000);
    expect(exit).not.toBeNull();
    expect(Date.now() - signalled).toBeLessThan(2500);
    expect(exit!.code).toBe(1);
    // The request that never finished sending was cut off, not left hanging.
    expect(await cutOff).toBe('socket hang up');
  });
});
