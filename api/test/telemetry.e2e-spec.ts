import { judgeCanary } from '@sportify/platform/canary';
import { DEV_OPS_KEY, DEV_REPORT_KEY, signReportToken, type CountedChannel } from '@sportify/platform/keys';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ADMIN, MIA } from './support/demo';
import { signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

const V1 = '0.1.0-aaaaaaa.20261101090000';
const V2 = '0.1.0-bbbbbbb.20261102100000';
const OPS = { 'X-Sportify-Ops-Key': DEV_OPS_KEY };

const trace = () => randomBytes(16).toString('hex');
type Event = Record<string, unknown>;
type Served = Record<string, [string | null, CountedChannel]>;
/** A client as a page token names it (the page server's digest of its network). */
const someClient = () => randomBytes(16).toString('base64url').slice(0, 22);
const SERVED: Served = { mf_public: [V1, 'live'], mf_admin: [null, 'build'], shell: [null, 'build'] };

/** A page load the page server served (its trace id and signed token) to a client of its own. */
const servedPage = (
  releases: Served = SERVED,
  key = DEV_REPORT_KEY,
  expiresAt = new Date(Date.now() + 3600_000),
  traceId = trace(),
  client = someClient(),
) => {
  return { traceId, token: signReportToken(key, { traceId, releases, client, expiresAt }) };
};
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
  clients: number;
  errorClients: number;
  clientErrorRate: number;
  lastErrorAt: string | null;
  lastErrors: { at: string; phase: string; route: string; message?: string; traceId: string; channel: string }[];
}

/** Each page load (trace id) of the events with its own valid token, as the page server would have signed it. */
const withTokens = (events: Event[]): Event[] => {
  const tokens = new Map<string, string>();
  return events.map((e) => {
    const traceId = String(e.traceId);
    const release: Served = { [String(e.remote)]: [e.version as string | null, e.channel as CountedChannel] };
    if (!tokens.has(traceId))
      tokens.set(traceId, servedPage({ ...SERVED, ...release }, DEV_REPORT_KEY, undefined, traceId).token);
    return { ...e, token: tokens.get(traceId) };
  });
};

/** Posts a batch: by default every event with its page's valid token; `token` instead posts them as they are. */
const send = (t: TestApp, events: Event[], ip = '203.0.113.1', token?: string | null) =>
  t
    .http()
    .post('/telemetry')
    .set('X-Forwarded-For', ip)
    .send({ ...(token ? { token } : {}), events: token === undefined ? withTokens(events) : events });
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
    for (const name of [
      'telemetry_counts',
      'telemetry_marks',
      'telemetry_recent',
      'telemetry_errors',
      'telemetry_clients',
    ])
      await t.db().collection(name).deleteMany({});
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
    expect(await t.db().collection('telemetry_counts').countDocuments()).toBe(0);
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
          events: withTokens([
            load({ traceId: t3 }),
            load({ traceId: t4 }),
            load({ version: V2, channel: 'canary' }),
            load({ version: V2, channel: 'canary' }),
            load({ remote: 'shell', version: null, channel: 'build', route: '/dashboard/payment/:id' }),
          ]),
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
      clients: 1,
      errorClients: 0,
      clientErrorRate: 0,
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
    // The page server never signs an override: its reports are not kept either.
    expect(await t.db().collection('telemetry_errors').countDocuments({ channel: 'override' })).toBe(0);
  });

  it('keeps the window: errors and loads older than it are not counted', async () => {
    await send(t, [load(), error()]).expect(204);
    const past = new Date(Date.now() - 10 * 60_000);
    await t
      .db()
      .collection('telemetry_recent')
      .updateMany({}, { $set: { at: past } });
    await t
      .db()
      .collection('telemetry_counts')
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
    const page = servedPage();
    await t
      .http()
      .post('/telemetry')
      .set(student.auth)
      .set('X-Forwarded-For', '198.51.100.23')
      .send({
        token: page.token,
        events: [
          load({ traceId: page.traceId }),
          error({
            traceId: page.traceId,
            route: '/dashboard/payment/123456789012',
            message: `Render failed for ${MIA.email} card 4242 4242 4242 4242 order 12345678 token ${FAKE_TOKEN}`,
          }),
        ],
      })
      .expect(204);
    const loads = await t.db().collection('telemetry_counts').find().toArray();
    const errors = await t.db().collection('telemetry_errors').find().toArray();
    expect(loads).toHaveLength(1);
    expect(Object.keys(loads[0]).sort()).toEqual([
      '_id',
      'channel',
      'errorCount',
      'errorLoads',
      'lastErrorAt',
      'loads',
      'minute',
      'remote',
      'version',
    ]);
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
    const recent = await t.db().collection('telemetry_recent').find().toArray();
    const marks = await t.db().collection('telemetry_marks').find().toArray();
    // The client as its network's digest under the report key, never its address.
    const clients = await t.db().collection('telemetry_clients').find().toArray();
    expect(clients.map((c) => Object.keys(c).sort())).toEqual([['_id', 'erredAt', 'remote', 'seenAt', 'version']]);
    const stored = JSON.stringify([loads, errors, recent, marks, clients]);
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
    expect(await t.db().collection('telemetry_counts').findOne()).toMatchObject({ loads: 3 });
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

/** The page servers' canary decision (@sportify/platform/canary) on these health figures, at the defaults. */
const canaryDecision = (releases: Release[], canary: string, live: string) =>
  judgeCanary({ version: canary, margin: 0.05, minClients: 20 }, live, 'mf_public', releases);

describe('reports that count come from pages the page server served', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  const LIVE_CANARY: Served = { mf_public: [V1, 'live'], shell: [null, 'build'] };
  const ON_CANARY: Served = { mf_public: [V2, 'canary'], shell: [null, 'build'] };
  beforeAll(async () => {
    a = await startTestApp({ seed: true });
    b = await startTestApp({ env: { MONGODB_URI: a.config.mongodbUri } });
    admin = await signInAs(a, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });
  beforeEach(async () => {
    for (const name of [
      'telemetry_counts',
      'telemetry_marks',
      'telemetry_recent',
      'telemetry_errors',
      'telemetry_clients',
    ])
      await a.db().collection(name).deleteMany({});
  });

  /** Health as Platform Status reads it (an admin's token) and as the canary watch reads it (the ops key). */
  const views = async () => {
    const forAdmin = (await a.http().get('/telemetry/health').set(admin.auth).expect(200)).body.releases as Release[];
    const forOps = (await health(b, '?remote=mf_public')).releases;
    return { forAdmin, forOps, decision: canaryDecision(forOps, V2, V1) };
  };

  it('1,000 forged reports (loads and errors, random trace ids, live and canary) move no figure and no decision', async () => {
    // What real pages reported: 30 loads of live (3 with errors), 20 of the canary (2 with errors).
    for (let i = 0; i < 50; i++) {
      const page = servedPage(i < 30 ? LIVE_CANARY : ON_CANARY);
      const [version, channel] = (i < 30 ? LIVE_CANARY : ON_CANARY).mf_public;
      const events = [load({ traceId: page.traceId, version, channel })];
      if (i % 10 === 0) events.push(error({ traceId: page.traceId, version, channel }));
      await send(a, events, '203.0.113.9', page.token).expect(204);
    }
    const before = await views();
    expect(before.forOps.map(({ version, loads, errorLoads }) => ({ version, loads, errorLoads }))).toEqual([
      { version: V1, loads: 30, errorLoads: 3 },
      { version: V2, loads: 20, errorLoads: 2 },
    ]);
    expect(before.decision.rollback).toBe(false);

    // Forgers: no token, another key, a tampered payload, an expired token, a real token with other trace ids or
    // other releases, a real payload with a made-up signature. 200 batches of 5 events, to either replica.
    const real = servedPage(LIVE_CANARY);
    const [payload, signature] = real.token.split('.').slice(1);
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), r: ON_CANARY }),
    ).toString('base64url');
    const forgeries: (() => { token: string | null; traceId?: string })[] = [
      () => ({ token: null }),
      () => ({ token: servedPage(ON_CANARY, 'a-key-that-is-not-the-report-key-0123456789').token }),
      () => ({ token: `v1.${tampered}.${signature}` }),
      () => {
        const old = servedPage(ON_CANARY, DEV_REPORT_KEY, new Date(Date.now() - 1000));
        return { token: old.token, traceId: old.traceId };
      },
      () => ({ token: real.token }),
      () => ({ token: `v1.${payload}.${'A'.repeat(43)}` }),
    ];
    let posted = 0;
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i++) {
      const { token, traceId } = forgeries[i % forgeries.length]();
      const canary = i % 2 === 0;
      const events = Array.from({ length: 5 }, (_, j) =>
        (j % 2 ? error : load)({
          traceId: traceId ?? trace(),
          version: canary ? V2 : j === 4 ? '9.9.9-fffffff.1' : V1,
          channel: canary ? 'canary' : 'live',
        }),
      );
      posted += events.length;
      sent.push(send(i % 2 ? a : b, events, `198.51.100.${i % 250}`, token ?? '').expect(204));
      if (sent.length === 20) await Promise.all(sent.splice(0));
    }
    await Promise.all(sent);
    expect(posted).toBe(1000);

    const after = await views();
    expect(after).toEqual(before);
    expect(after.forAdmin.map((r) => r.version)).not.toContain('9.9.9-fffffff.1');
    expect(await a.db().collection('telemetry_errors').countDocuments()).toBe(5);
  });

  /** A page load the page server served to `client` (the network its token names), with its load and maybe errors. */
  const clientLoad = (releases: Served, client: string, errors = 0) => {
    const { traceId, token } = servedPage(releases, DEV_REPORT_KEY, undefined, trace(), client);
    const [version, channel] = releases.mf_public;
    const events = [load({ traceId, version, channel })];
    for (let i = 0; i < errors; i++) events.push(error({ traceId, version, channel, message: `error ${i}` }));
    return { events, token };
  };
  /** `n` clients of their own, each with one page load of `releases`; the first `erring` of them with an error. */
  const clients = (n: number, releases: Served, erring = 0) =>
    Array.from({ length: n }, (_, i) => clientLoad(releases, someClient(), i < erring ? 1 : 0));
  const sendAll = async (pages: { events: Event[]; token: string }[]) => {
    for (let i = 0; i < pages.length; i += 10)
      await Promise.all(
        pages.slice(i, i + 10).map((p, j) => send(j % 2 ? a : b, p.events, '203.0.113.20', p.token).expect(204)),
      );
  };
  const figuresOf = (releases: Release[]) =>
    releases.map(({ version, loads, clients: c, errorClients }) => ({ version, loads, clients: c, errorClients }));

  it("one client's many error reports, each page with a fresh cohort, do not roll a canary back", async () => {
    // 25 clients on live and 25 on the canary, all fine; then one client reloads the canary 100 times, each page
    // load with its errors (a fresh cohort each time, so a fresh page token: the same network, so the same client).
    await sendAll([...clients(25, LIVE_CANARY), ...clients(25, ON_CANARY)]);
    const attacker = someClient();
    await sendAll(Array.from({ length: 100 }, () => clientLoad(ON_CANARY, attacker, 3)));

    const { forOps, decision } = await views();
    expect(decision.rollback).toBe(false);
    expect(figuresOf(forOps)).toEqual([
      { version: V1, loads: 25, clients: 25, errorClients: 0 },
      { version: V2, loads: 125, clients: 26, errorClients: 1 },
    ]);
  });

  it("one client's many clean loads do not outweigh the errors of the canary's other clients", async () => {
    // 25 clients on live, all fine; 25 on the canary, 10 of them with errors (40%): a bad canary. One client
    // reloads the canary 200 times without an error.
    await sendAll([...clients(25, LIVE_CANARY), ...clients(25, ON_CANARY, 10)]);
    const cleanClient = someClient();
    await sendAll(Array.from({ length: 200 }, () => clientLoad(ON_CANARY, cleanClient)));

    const { forOps, decision } = await views();
    expect(decision.rollback).toBe(true);
    expect(figuresOf(forOps)).toEqual([
      { version: V1, loads: 25, clients: 25, errorClients: 0 },
      { version: V2, loads: 225, clients: 26, errorClients: 10 },
    ]);
  });

  it("a real page's token counts once however often it is replayed, on either replica", async () => {
    // The token as the page server makes it (its built code), so both sides agree on the format.
    const traceId = trace();
    const maker = path.resolve(__dirname, '../../page-server/dist/report-key.js');
    const token = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { reportToken } from ${JSON.stringify(maker)};
         console.log(reportToken(process.argv[1], process.argv[2], {
           shell: { version: null, channel: 'build' },
           mf_public: { version: ${JSON.stringify(V2)}, channel: 'canary' },
           mf_admin: { version: null, channel: 'override' },
         }, process.argv[3]));`,
        DEV_REPORT_KEY,
        traceId,
        '198.51.100.23',
      ],
      { encoding: 'utf8' },
    ).trim();
    const events = [
      load({ traceId, version: V2, channel: 'canary' }),
      load({ traceId, remote: 'shell', version: null, channel: 'build' }),
      error({ traceId, version: V2, channel: 'canary', message: 'once' }),
      error({ traceId, version: V2, channel: 'canary', message: 'twice' }),
      // The override the page had is never counted.
      load({ traceId, remote: 'mf_admin', version: null, channel: 'override' }),
    ];
    for (let i = 0; i < 10; i++) await send(i % 2 ? a : b, events, '203.0.113.10', token).expect(204);
    await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? a : b, events, '203.0.113.11', token)));

    const releases = (await health(a)).releases;
    expect(
      releases.map(({ remote, version, loads, errorLoads, errors, clients, errorClients }) => ({
        remote,
        version,
        loads,
        errorLoads,
        errors,
        clients,
        errorClients,
      })),
    ).toEqual([
      // Its load once; its errors: at most 3 per part and page, however often sent; its client once.
      { remote: 'mf_public', version: V2, loads: 1, errorLoads: 1, errors: 3, clients: 1, errorClients: 1 },
      { remote: 'shell', version: null, loads: 1, errorLoads: 0, errors: 0, clients: 1, errorClients: 0 },
    ]);
    expect(await a.db().collection('telemetry_errors').countDocuments()).toBe(3);
  });

  it('health reads counters, not reports: fast at 20,000 stored errors', async () => {
    // The reports of 4,000 pages with 5 errors each over the last 50 minutes, as the report path leaves them: the
    // errors kept one by one, the figures in one counter per release and minute.
    const now = Date.now();
    const minute = (i: number) => new Date(Math.floor((now - (i % 50) * 60_000) / 60_000) * 60_000);
    const errors = Array.from({ length: 20_000 }, (_, i) => ({
      at: minute(i),
      remote: 'mf_public',
      version: i % 2 ? V2 : V1,
      channel: i % 2 ? 'canary' : 'live',
      route: '/',
      phase: 'render',
      traceId: (i % 4000).toString(16).padStart(32, '0'),
      message: 'boom',
    }));
    for (let i = 0; i < errors.length; i += 2000)
      await a
        .db()
        .collection('telemetry_errors')
        .insertMany(errors.slice(i, i + 2000));
    const counters = [V1, V2].flatMap((version, v) =>
      Array.from({ length: 50 }, (_, m) => ({
        _id: `mf_public|${version}|${v ? 'canary' : 'live'}|${minute(m).toISOString()}`,
        remote: 'mf_public',
        version,
        channel: v ? 'canary' : 'live',
        minute: minute(m),
        loads: 80,
        errorCount: 200,
        errorLoads: 40,
        lastErrorAt: minute(m),
      })),
    );
    await a
      .db()
      .collection('telemetry_counts')
      .insertMany(counters as never[]);
    await health(a);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const body = await health(a);
      times.push(Math.round(performance.now() - started));
      expect(body.releases.map(({ loads, errors }) => ({ loads, errors }))).toEqual([
        { loads: 4000, errors: 10_000 },
        { loads: 4000, errors: 10_000 },
      ]);
    }
    console.log(`GET /telemetry/health at 20,000 stored errors: ${times.join(', ')} ms`);
    expect(Math.min(...times)).toBeLessThan(300);
  });
  it("health counts each release's distinct clients, also at 10,000 clients", async () => {
    // 5,000 clients of each release over the last 50 minutes, one in five with an error, as the report path leaves
    // them: one document per client of a release.
    const now = Date.now();
    const minute = (i: number) => new Date(Math.floor((now - (i % 50) * 60_000) / 60_000) * 60_000);
    const counters = [V1, V2].map((version, v) => ({
      _id: `mf_public|${version}|${v ? 'canary' : 'live'}|${minute(0).toISOString()}`,
      remote: 'mf_public',
      version,
      channel: v ? 'canary' : 'live',
      minute: minute(0),
      loads: 6000,
      errorCount: 1500,
      errorLoads: 1200,
    }));
    await a
      .db()
      .collection('telemetry_counts')
      .insertMany(counters as never[]);
    // 100 clients of each release per minute ago, from 0 to 9 and from 12 to 51 (none where a 10-minute window's
    // start may fall).
    const ago = (i: number) => {
      const k = Math.floor(i / 2) % 50;
      return new Date(now - (k < 10 ? k : k + 2) * 60_000);
    };
    const clientDocs = Array.from({ length: 10_000 }, (_, i) => ({
      _id: `mf_public|${i % 2 ? V2 : V1}|${i.toString(36).padStart(22, '0')}`,
      remote: 'mf_public',
      version: i % 2 ? V2 : V1,
      seenAt: ago(i),
      ...(i % 10 < 2 ? { erredAt: ago(i) } : {}),
    }));
    for (let i = 0; i < clientDocs.length; i += 2000)
      await a
        .db()
        .collection('telemetry_clients')
        .insertMany(clientDocs.slice(i, i + 2000) as never[]);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const body = await health(a);
      times.push(Math.round(performance.now() - started));
      expect(
        body.releases.map(({ clients, errorClients, clientErrorRate }) => ({ clients, errorClients, clientErrorRate })),
      ).toEqual([
        { clients: 5000, errorClients: 1000, clientErrorRate: 0.2 },
        { clients: 5000, errorClients: 1000, clientErrorRate: 0.2 },
      ]);
    }
    // A figure to compare, not a limit: the embedded database counts these documents one by one.
    console.log(`GET /telemetry/health at 10,000 clients: ${times.join(', ')} ms`);
    // Only the window's clients count.
    expect((await health(a, '?minutes=10')).releases.map((r) => r.clients)).toEqual([1000, 1000]);
  });
});
