import { randomBytes } from 'node:crypto';
import { ADMIN, MIA } from './support/demo';
import { signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

const V1 = '0.1.0-aaaaaaa.20261101090000';
const V2 = '0.1.0-bbbbbbb.20261102100000';
const OPS = { 'X-Sportify-Ops-Key': 'sportify-dev-only-ops-key-change-me-in-production' };

const trace = () => randomBytes(16).toString('hex');
type Event = Record<string, unknown>;
const load = (over: Event = {}): Event => ({
  kind: 'load',
  remote: 'mf_public',
  version: V1,
  channel: 'live',
  route: '/',
  traceId: trace(),
  ...over,
});
const error = (over: Event = {}): Event => ({ ...load(), kind: 'error', phase: 'render', ...over });

interface Release {
  remote: string;
  version: string | null;
  loads: number;
  errorLoads: number;
  errors: number;
  errorRate: number;
  lastErrorAt: string | null;
  lastErrors: { at: string; phase: string; route: string; message?: string; traceId: string; channel: string }[];
}

const send = (t: TestApp, events: Event[], ip = '203.0.113.1') =>
  t.http().post('/telemetry').set('X-Forwarded-For', ip).send({ events });
const health = async (t: TestApp, query = ''): Promise<{ since: string; until: string; releases: Release[] }> =>
  (await t.http().get(`/telemetry/health${query}`).set(OPS).expect(200)).body;

describe('telemetry: page loads and errors per remote and release', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db().collection('telemetry_loads').deleteMany({});
    await t.db().collection('telemetry_errors').deleteMany({});
  });

  it.each<[string, unknown, string]>([
    ['no events', {}, 'events must be a list'],
    ['an empty batch', { events: [] }, 'events must have at least 1 event'],
    ['51 events', { events: Array.from({ length: 51 }, () => load()) }, 'events must have at most 50 events'],
    ['an unknown kind', { events: [load({ kind: 'click' })] }, 'events.0.kind must be one of load, error'],
    ['a bad remote', { events: [load({ remote: 'Mf-Public' })] }, 'events.0.remote must be a federation name or shell'],
    ['no version', { events: [load({ version: undefined })] }, 'events.0.version must be a release version or null'],
    ['a bad version', { events: [load({ version: 'latest' })] }, 'events.0.version must be a release version or null'],
    ['a bad channel', { events: [load({ channel: 'beta' })] }, 'events.0.channel must be one of live, canary'],
    ['a path, not a route', { events: [load({ route: 'dashboard' })] }, 'events.0.route must be a route pattern'],
    ['a long route', { events: [load({ route: `/${'a'.repeat(200)}` })] }, 'events.0.route must be at most 200'],
    ['a bad trace id', { events: [load({ traceId: 'abc' })] }, 'events.0.traceId must be 32 hex characters'],
    ['an error without phase', { events: [error({ phase: undefined })] }, 'events.0.phase must be one of manifest'],
    ['a bad phase', { events: [load(), error({ phase: 'boot' })] }, 'events.1.phase must be one of manifest, entry'],
    ['a long message', { events: [error({ message: 'x'.repeat(301) })] }, 'events.0.message must be at most 300'],
    ['an extra field', { events: [load({ userId: 'u1' })] }, 'events.0.property userId should not exist'],
  ])('refuses %s with 400 and says why', async (_, body, message) => {
    const res = await t
      .http()
      .post('/telemetry')
      .send(body as object)
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(message);
    expect(await t.db().collection('telemetry_loads').countDocuments()).toBe(0);
  });

  it('refuses malformed JSON (400) and a batch over 16 KB (413)', async () => {
    const bad = await t.http().post('/telemetry').set('Content-Type', 'text/plain').send('{"events":[').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: expect.stringContaining('JSON') });
    const events = Array.from({ length: 50 }, () => error({ message: 'm'.repeat(300) }));
    const big = await t.http().post('/telemetry').send({ events }).expect(413);
    expect(big.body.message).toBe('A telemetry batch must be at most 16KB');
  });

  it('takes a batch as JSON or as text/plain (sendBeacon), answers 204, and reports the figures per release', async () => {
    const [t1, t2, t3, t4] = [trace(), trace(), trace(), trace()];
    // Four page loads of V1 (one of them repeated in its batch: counted once), two of V2, one of the shell's build.
    await send(t, [load({ traceId: t1 }), load({ traceId: t1 }), load({ traceId: t2 })])
      .expect(204)
      .expect((r) => expect(r.text).toBe(''));
    await t
      .http()
      .post('/telemetry')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(
        JSON.stringify({
          events: [
            load({ traceId: t3 }),
            load({ traceId: t4 }),
            load({ version: V2, channel: 'canary' }),
            load({ version: V2, channel: 'canary' }),
            load({ remote: 'shell', version: null, channel: 'build', route: '/dashboard/payment/:id' }),
          ],
        }),
      )
      .expect(204);
    // Three errors of V1 in two page loads; then one of V2 on the server.
    await send(t, [
      error({ traceId: t1, phase: 'entry', message: 'first' }),
      error({ traceId: t1, message: 'second' }),
    ]).expect(204);
    await send(t, [error({ traceId: t2, route: '/classes', message: 'third' })]).expect(204);
    await send(t, [error({ version: V2, channel: 'canary', phase: 'server-render' })]).expect(204);

    const body = await health(t);
    const until = Date.parse(body.until);
    const since = Date.parse(body.since);
    expect(Date.now() - until).toBeLessThan(5000);
    expect(since % 60_000).toBe(0);
    expect(until - since).toBeGreaterThanOrEqual(60 * 60_000);
    expect(until - since).toBeLessThan(61 * 60_000);

    expect(body.releases.map((r) => [r.remote, r.version])).toEqual([
      ['mf_public', V1],
      ['mf_public', V2],
      ['shell', null],
    ]);
    const [v1, v2, shell] = body.releases;
    expect(v1).toMatchObject({ loads: 4, errorLoads: 2, errors: 3, errorRate: 0.5 });
    expect(v1.lastErrors.map((e) => [e.message, e.phase, e.route, e.channel, e.traceId])).toEqual([
      ['third', 'render', '/classes', 'live', t2],
      ['second', 'render', '/', 'live', t1],
      ['first', 'entry', '/', 'live', t1],
    ]);
    expect(v1.lastErrorAt).toBe(v1.lastErrors[0].at);
    expect(v2).toMatchObject({ loads: 2, errorLoads: 1, errors: 1, errorRate: 0.5 });
    expect(v2.lastErrors[0]).toMatchObject({ phase: 'server-render', channel: 'canary' });
    expect(shell).toEqual({
      remote: 'shell',
      version: null,
      loads: 1,
      errorLoads: 0,
      errors: 0,
      errorRate: 0,
      lastErrorAt: null,
      lastErrors: [],
    });

    // One remote only; and the error rate is capped at 1 when errors come from loads not counted (none here).
    expect((await health(t, '?remote=shell')).releases).toEqual([shell]);
    await send(
      t,
      Array.from({ length: 7 }, () => error({ remote: 'mf_admin', version: null, channel: 'build' })),
    );
    const admin7 = (await health(t, '?remote=mf_admin&minutes=5')).releases[0];
    expect(admin7).toMatchObject({ loads: 0, errorLoads: 7, errors: 7, errorRate: 1 });
    expect(admin7.lastErrors).toHaveLength(5);
  });

  it("counts a browser's override (a developer's build) in no release's health", async () => {
    await send(t, [load({ remote: 'mf_admin', version: null, channel: 'build' })]).expect(204);
    await send(t, [
      load({ remote: 'mf_admin', version: null, channel: 'override' }),
      error({ remote: 'mf_admin', version: null, channel: 'override' }),
    ]).expect(204);
    const [build] = (await health(t, '?remote=mf_admin')).releases;
    expect(build).toMatchObject({ version: null, loads: 1, errors: 0, errorRate: 0, lastErrors: [] });
    // Kept all the same, with their channel.
    expect(await t.db().collection('telemetry_errors').countDocuments({ channel: 'override' })).toBe(1);
  });

  it('keeps the window: errors and loads older than it are not counted', async () => {
    await send(t, [load(), error()]).expect(204);
    const past = new Date(Date.now() - 10 * 60_000);
    await t
      .db()
      .collection('telemetry_errors')
      .updateMany({}, { $set: { at: past } });
    await t
      .db()
      .collection('telemetry_loads')
      .updateMany({}, { $set: { minute: past } });
    expect((await health(t, '?minutes=5')).releases).toEqual([]);
    expect((await health(t, '?minutes=15')).releases[0]).toMatchObject({ loads: 1, errors: 1, errorLoads: 1 });
  });

  it.each([
    ['?minutes=0', 'minutes must be 1 or more'],
    ['?minutes=1441', 'minutes must be at most 1440'],
    ['?minutes=abc', 'minutes must be a whole number'],
    ['?remote=Bad!', 'remote must be a federation name or shell'],
  ])('GET /telemetry/health%s is refused with 400', async (query, message) => {
    const res = await t.http().get(`/telemetry/health${query}`).set(admin.auth).expect(400);
    expect(res.body.message).toContain(message);
  });

  it('health is for admins or the operators key only', async () => {
    await t.http().get('/telemetry/health').expect(401);
    const wrongKey = await t.http().get('/telemetry/health').set('X-Sportify-Ops-Key', 'guess').expect(401);
    expect(wrongKey.body.message).toBe('Invalid operator key');
    // A wrong key is refused even beside an admin's token: a key that is sent must be right.
    await t.http().get('/telemetry/health').set(admin.auth).set('X-Sportify-Ops-Key', 'guess').expect(401);
    const student = await signInAs(t, MIA.email, MIA.password);
    const forbidden = await t.http().get('/telemetry/health').set(student.auth).expect(403);
    expect(forbidden.body.message).toBe('This action is only for admin accounts');
    await t.http().get('/telemetry/health').set(admin.auth).expect(200);
    await t.http().get('/telemetry/health').set(OPS).expect(200);
    // The key opens this route only: elsewhere it is no one.
    await t.http().get('/users').set(OPS).expect(401);
  });

  it('stores no personal data: no address, no account, no token; e-mails and long numbers redacted', async () => {
    const student = await signInAs(t, MIA.email, MIA.password);
    // The shape of an API token, quoted in a message (the caller's real one is only in its ignored Bearer header).
    const FAKE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtaWFAc3BvcnRpZnkuY2FtcCJ9.c2lnbmF0dXJl';
    await t
      .http()
      .post('/telemetry')
      .set(student.auth)
      .set('X-Forwarded-For', '198.51.100.23')
      .send({
        events: [
          load(),
          error({
            route: '/dashboard/payment/123456789012',
            message: `Render failed for ${MIA.email} card 4242 4242 4242 4242 order 12345678 token ${FAKE_TOKEN}`,
          }),
        ],
      })
      .expect(204);
    const loads = await t.db().collection('telemetry_loads').find().toArray();
    const errors = await t.db().collection('telemetry_errors').find().toArray();
    expect(loads).toHaveLength(1);
    expect(Object.keys(loads[0]).sort()).toEqual(['_id', 'channel', 'loads', 'minute', 'remote', 'version']);
    expect(errors).toHaveLength(1);
    expect(Object.keys(errors[0]).sort()).toEqual([
      '_id',
      'at',
      'channel',
      'message',
      'phase',
      'remote',
      'route',
      'traceId',
      'version',
    ]);
    expect(errors[0].message).toBe('Render failed for [email] card [number] order [number] token [token]');
    expect(errors[0].route).toBe('/dashboard/payment/[number]');
    const stored = JSON.stringify([loads, errors]);
    for (const secret of [MIA.email, 'mia', '198.51.100.23', student.token.slice(0, 20), FAKE_TOKEN.slice(0, 20)]) {
      expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});

describe('telemetry rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_TELEMETRY: '3', RATE_LIMIT_READS: '2' } });
  });
  afterAll(() => t.close());

  it("has its own budget per client address (429 with Retry-After); the page server's key is not counted", async () => {
    for (let i = 0; i < 3; i++) await send(t, [load()], '198.51.100.7').expect(204);
    const refused = await send(t, [load()], '198.51.100.7').expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later',
      error: 'Too Many Requests',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10);
    // Refused before its body is read: not stored.
    expect(await t.db().collection('telemetry_loads').findOne()).toMatchObject({ loads: 3 });
    // Another address, and the page server with the ops key, still report.
    await send(t, [load()], '198.51.100.8').expect(204);
    await send(t, [load()], '198.51.100.7').set(OPS).expect(204);
    // A wrong key does not lift the budget.
    await send(t, [load()], '198.51.100.7').set('X-Sportify-Ops-Key', 'guess').expect(429);
    // Separate from the reads' budget (2 here), which the reports did not use up.
    await t.http().get('/telemetry/health').set(OPS).set('X-Forwarded-For', '198.51.100.7').expect(200);
  });
});

describe('telemetry across two API instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ env: { MONGODB_URI: a.config.mongodbUri } });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('events sent half to each give the same figures on either', async () => {
    const traces = Array.from({ length: 40 }, trace);
    // 40 page loads of V1 and 10 of V2, each load's events to one instance or the other, sent at once.
    const batches = traces.map((traceId, i) => {
      const version = i < 30 ? V1 : V2;
      const events = [load({ traceId, version })];
      // Every 4th page load of V1 errors (twice for every 8th); every other one of V2 errors.
      if (i < 30 ? i % 4 === 0 : i % 2 === 0) events.push(error({ traceId, version }));
      if (i < 30 && i % 8 === 0) events.push(error({ traceId, version, phase: 'expose' }));
      return events;
    });
    const statuses = await Promise.all(batches.map((events, i) => send(i % 2 ? b : a, events).then((r) => r.status)));
    expect(statuses.every((s) => s === 204)).toBe(true);

    const [onA, onB] = await Promise.all([health(a), health(b)]);
    const figures = (h: typeof onA) =>
      h.releases.map(({ remote, version, loads, errorLoads, errors, errorRate, lastErrorAt, lastErrors }) => ({
        remote,
        version,
        loads,
        errorLoads,
        errors,
        errorRate,
        lastErrorAt,
        lastErrors,
      }));
    expect(figures(onA)).toEqual(figures(onB));
    expect(onA.since).toBe(onB.since);
    expect(
      figures(onA).map(({ loads, errorLoads, errors, errorRate }) => ({ loads, errorLoads, errors, errorRate })),
    ).toEqual([
      // V1: loads 0..29; errors at 0,4,...,28 (8 loads), a second one at 0,8,16,24 (4).
      { loads: 30, errorLoads: 8, errors: 12, errorRate: 8 / 30 },
      // V2: loads 30..39; errors at the even ones (5).
      { loads: 10, errorLoads: 5, errors: 5, errorRate: 0.5 },
    ]);
  });
});
