import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Test } from 'supertest';
import { PublicCache } from '../src/common/public-cache';
import { signedEvent } from './support/payments';
import { startTestApp, type TestApp } from './support/test-app';

// Every budget is decided on the route a request reaches (or, for a path no route answers, on its one normalised
// spelling), never on how the path is written: the router answers `/TELEMETRY/` as `/telemetry`, so the budget must
// count it as `/telemetry`.

const LIMIT = 4;

/** Ways of writing one path that the router takes as the same route, or that name it once decoded. */
function spellingsOf(path: string): Record<string, string> {
  const segments = path.split('/').filter(Boolean);
  const last = segments.length - 1;
  const head = segments.slice(0, last);
  const tail = segments[last]!;
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const encodedLetter = `%${tail.charCodeAt(0).toString(16)}${tail.slice(1)}`;
  return {
    'trailing slash': `${path}/`,
    'upper case': path.toUpperCase(),
    'mixed case and trailing slash': join(segments.map((s) => s[0]!.toUpperCase() + s.slice(1))) + '/',
    'an encoded letter': join([...head, encodedLetter]),
    'an encoded slash (%2F)': head.length ? `${join(head)}%2F${tail}` : `${path}%2F`,
    'an encoded slash in lower case (%2f)': head.length ? `${join(head)}%2f${tail}` : `${path}%2f`,
    'a doubled leading slash': `/${path}`,
    'a doubled inner slash': head.length ? `${join(head)}//${tail}` : `${path}//`,
  };
}

interface Limited {
  route: string;
  /** The request, from `ip`, to `path` (query included). */
  send: (t: TestApp, path: string, ip: string) => Test;
  /** A query for each request (a new search each time, so none is cached). */
  query?: () => string;
  warm?: (t: TestApp) => Promise<unknown>;
}

let searches = 0;
const CASES: Limited[] = [
  {
    route: 'POST /telemetry',
    send: (t, path, ip) => t.http().post(path).set('X-Forwarded-For', ip).send({ events: [] }),
  },
  { route: 'GET /health', send: (t, path, ip) => t.http().get(path).set('X-Forwarded-For', ip) },
  { route: 'GET /health/ready', send: (t, path, ip) => t.http().get(path).set('X-Forwarded-For', ip) },
  { route: 'GET /health/live', send: (t, path, ip) => t.http().get(path).set('X-Forwarded-For', ip) },
  {
    route: 'GET /classes/popular',
    send: (t, path, ip) => t.http().get(path).set('X-Forwarded-For', ip),
    warm: (t) => t.http().get('/classes/popular').set('X-Forwarded-For', '192.0.2.250').expect(200),
  },
  {
    route: 'GET /classes',
    send: (t, path, ip) => t.http().get(path).set('X-Forwarded-For', ip),
    query: () => `?q=search${++searches}`,
  },
  {
    route: 'POST /jwt',
    send: (t, path, ip) => t.http().post(path).set('X-Forwarded-For', ip).send({ email: 'nobody@example.com' }),
  },
  {
    route: 'POST /users',
    send: (t, path, ip) => t.http().post(path).set('X-Forwarded-For', ip).send({ email: 'nobody@example.com' }),
  },
  {
    route: 'POST /payments/webhook',
    send: (t, path, ip) =>
      t.http().post(path).set('X-Forwarded-For', ip).set('Content-Type', 'application/json').send('{}'),
  },
];

describe('every budget is decided on the route, not on its spelling', () => {
  let t: TestApp;
  let client = 0;
  // IPv4: the shared budgets count an IPv6 /64 as one client.
  const nextClient = () => `198.18.${Math.floor(++client / 250)}.${client % 250}`;

  beforeAll(async () => {
    const limit = String(LIMIT);
    t = await startTestApp({
      env: {
        RATE_LIMIT_TELEMETRY: limit,
        RATE_LIMIT_READS: limit,
        RATE_LIMIT_CACHED_READS: limit,
        RATE_LIMIT_HEALTH: limit,
        RATE_LIMIT_JWT: limit,
        RATE_LIMIT_WRITES: limit,
        RATE_LIMIT_UNSIGNED_EVENTS: limit,
      },
    });
  });
  afterAll(() => t.close());

  describe.each(CASES)('$route', ({ route, send, query = () => '', warm }) => {
    const path = route.split(' ')[1]!;
    beforeAll(async () => {
      await warm?.(t);
    });

    it('counts the plain path once per request, and refuses past the budget', async () => {
      const ip = nextClient();
      for (let i = 0; i < LIMIT; i++) expect((await send(t, path + query(), ip)).status).not.toBe(429);
      expect((await send(t, path + query(), ip)).status).toBe(429);
    });

    it.each(Object.entries(spellingsOf(path)))('counts %s (%s) exactly as the plain path', async (_name, spelled) => {
      const ip = nextClient();
      for (let i = 0; i < LIMIT - 1; i++) expect((await send(t, path + query(), ip)).status).not.toBe(429);
      // The last request of the budget, written otherwise: answered as the route answers it (or 404), and counted.
      expect((await send(t, spelled + query(), ip)).status).not.toBe(429);
      expect((await send(t, path + query(), ip)).status).toBe(429);
      // A spent budget refuses every spelling.
      expect((await send(t, spelled + query(), ip)).status).toBe(429);
    });
  });
});

const send429 = {
  statusCode: 429,
  message: 'Too many requests, please try again later',
  error: 'Too Many Requests',
};

describe('health and warm lists have generous budgets of their own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_HEALTH: '3', RATE_LIMIT_CACHED_READS: '5', RATE_LIMIT_READS: '2' } });
  });
  afterAll(() => t.close());
  const from = (ip: string, path: string) => t.http().get(path).set('X-Forwarded-For', ip);

  it('health: 429 with Retry-After past RATE_LIMIT_HEALTH for a client, apart from its reads', async () => {
    await from('198.51.100.1', '/health').expect(200);
    await from('198.51.100.1', '/health/ready').expect(200);
    await from('198.51.100.1', '/health/live').expect(200);
    const refused = await from('198.51.100.1', '/health').expect(429);
    expect(refused.body).toEqual(send429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await from('198.51.100.2', '/health').expect(200);
    await from('198.51.100.1', '/classes?q=health').expect(200);
  });

  it('warm public lists: 429 past RATE_LIMIT_CACHED_READS for a client, apart from its reads', async () => {
    await from('198.51.100.3', '/classes/popular').expect(200); // loads the list (a read of that client)
    for (let i = 0; i < 5; i++) await from('198.51.100.4', '/classes/popular').expect(200);
    const refused = await from('198.51.100.4', '/classes/popular').expect(429);
    expect(refused.body).toEqual(send429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await from('198.51.100.4', '/classes?q=warm').expect(200);
    await from('198.51.100.5', '/classes/popular').expect(200);
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it share one budget', async () => {
    await from('2001:db8:7:1::a', '/classes?q=v6a').expect(200);
    await from('2001:db8:7:1:ffff::b', '/classes?q=v6b').expect(200);
    await from('2001:db8:7:1:1234:5678:9abc:def0', '/classes?q=v6c').expect(429);
    await from('2001:db8:7:2::a', '/classes?q=v6d').expect(200);
  });
});

describe('a refused write costs no database write', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ env: { RATE_LIMIT_WRITES: '3', RATE_LIMIT_JWT: '3' } });
    b = await startTestApp({ env: { RATE_LIMIT_WRITES: '3', RATE_LIMIT_JWT: '3', MONGODB_URI: a.config.mongodbUri } });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });
  const hits = async () =>
    (await a.db().collection('rate_limits').find().toArray()).map((w) => w.hits as number).sort((x, y) => y - x);

  it('one replica: past the budget, neither /jwt nor other writes touch the shared count', async () => {
    const statuses = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await a.http().post('/users').set('X-Forwarded-For', '198.51.100.20').send({})).status);
      statuses.push((await a.http().post('/jwt').set('X-Forwarded-For', '198.51.100.20').send({})).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(34);
    // One window per budget, three hits each: the 17 refusals of each wrote nothing.
    expect(await hits()).toEqual([3, 3]);
  });

  it('two replicas: the shared budget refuses across them, each refusal after the first without a write', async () => {
    await a.db().collection('rate_limits').deleteMany({});
    const from = (t: TestApp) => t.http().post('/users').set('X-Forwarded-For', '198.51.100.21').send({});
    for (let i = 0; i < 3; i++) expect((await from(a)).status).not.toBe(429);
    for (let i = 0; i < 20; i++) expect((await from(b)).status).toBe(429);
    // The first request on the second replica learned the budget was spent; the other 19 asked nobody.
    expect(await hits()).toEqual([4]);
  });
});

describe("the provider's webhook", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_UNSIGNED_EVENTS: '3' } });
  });
  afterAll(() => t.close());
  const post = (ip: string, body: string, signature?: string) => {
    const req = t.http().post('/payments/webhook').set('X-Forwarded-For', ip).set('Content-Type', 'application/json');
    if (signature) req.set('Stripe-Signature', signature);
    return req.send(body);
  };

  it('refuses unsigned deliveries past RATE_LIMIT_UNSIGNED_EVENTS, never a signed one, and writes nothing for either budget', async () => {
    await post('198.51.100.30', '{}').expect(400);
    await post('198.51.100.30', '{"id":"evt_1"}', 't=1,v1=forged').expect(400);
    await post('198.51.100.30', '{}', 'garbage').expect(400);
    const refused = await post('198.51.100.30', '{"id":"evt_2"}', 't=1,v1=forged').expect(429);
    expect(refused.body).toEqual(send429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A delivery the provider signed, from that same address, is taken.
    const event = signedEvent(t.config.stripeWebhookSecret, 'customer.created', { id: 'cus_1' });
    const taken = await post('198.51.100.30', event.payload, event.signature).expect(200);
    expect(taken.body).toEqual({ received: true, duplicate: false });
    await post('198.51.100.31', '{}').expect(400);
    expect(await t.db().collection('rate_limits').countDocuments()).toBe(0);
  });
});

describe('the cached lists are stored in every encoding and sent as stored', () => {
  let t: TestApp;
  let cache: PublicCache;
  let server: Server;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    cache = t.app.get(PublicCache);
    server = t.app.getHttpServer() as Server;
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  });
  afterAll(() => t.close());

  /** A GET over a real connection, its body as the bytes on the wire (no client decoding them). */
  const raw = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      },
    );

  const NEGOTIATED: [string | null, 'br' | 'gzip' | 'identity'][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.2, br;q=0.9', 'br'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    [null, 'identity'],
  ];
  const LISTS: [string, string][] = [
    ['/classes', 'classes:approved'],
    ['/classes?limit=5&sort=price', 'classes:approved?limit=5&page=1&sort=price'],
    ['/classes/popular', 'classes:popular'],
    ['/users/popular', 'users:popular'],
  ];

  it.each(LISTS)(
    '%s: the stored bytes of the encoding the q-values prefer, one ETag, 304 in each',
    async (path, key) => {
      await t.http().get(path).expect(200);
      const entry = cache.peek(key)!;
      expect(entry).toBeDefined();
      const json = JSON.parse(entry.identity.toString());
      expect(JSON.parse(gunzipSync(entry.gzip).toString())).toEqual(json);
      expect(JSON.parse(brotliDecompressSync(entry.br).toString())).toEqual(json);
      for (const [accept, encoding] of NEGOTIATED) {
        const headers: Record<string, string> = accept === null ? {} : { 'Accept-Encoding': accept };
        const res = await raw(path, headers);
        expect([accept, res.status, res.headers['content-encoding']]).toEqual([
          accept,
          200,
          encoding === 'identity' ? undefined : encoding,
        ]);
        expect(res.body.equals(entry[encoding])).toBe(true);
        expect(res.headers.etag).toBe(entry.etag);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect((await raw(path, { ...headers, 'If-None-Match': entry.etag })).status).toBe(304);
        const head = await raw(path, headers, 'HEAD');
        expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([
          200,
          res.headers['content-encoding'],
          0,
        ]);
      }
    },
  );
});

describe('a large catalogue: bounded answers', () => {
  const CLASSES = 3000;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_CACHE_WAITING_LOADS: '1' } });
    const start = Date.UTC(2026, 0, 1);
    await t
      .db()
      .collection('classes')
      .insertMany(
        Array.from({ length: CLASSES }, (_, i) => ({
          className: `Catalogue class ${i}`,
          classImage: 'http://localhost:3000/images/classes/soccer.svg',
          instructorName: 'Jordan Lee',
          instructorEmail: 'jordan@sportify.camp',
          capacity: 20,
          seats: 20,
          price: 10 + (i % 300),
          status: 'approved',
          date: new Date(start + i * 60_000),
          enrolled: 0,
          feedback: '',
          reviews: 0,
          feedbackNotes: 0,
          seatHolders: [],
          holds: [],
        })),
      );
  });
  afterAll(() => t.close());

  it('GET /classes without parameters answers the newest 500 classes; the pages reach every one', async () => {
    const all = (await t.http().get('/classes').expect(200)).body as { className: string }[];
    expect(all).toHaveLength(500);
    expect(all[0]!.className).toBe(`Catalogue class ${CLASSES - 1}`);
    expect(all[499]!.className).toBe(`Catalogue class ${CLASSES - 500}`);
    const page = await t.http().get('/classes?limit=1&page=3000').expect(200);
    expect(page.body).toMatchObject({ total: CLASSES, items: [{ className: 'Catalogue class 0' }] });
  });

  it('refuses uncached searches past the ones waiting for their turn: 503 with Retry-After, the rest answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t
          .http()
          .get(`/classes?q=class ${i}7`)
          .set('X-Forwarded-For', `198.51.100.${40 + i}`),
      ),
    );
    const busy = answers.filter((r) => r.status === 503);
    expect(answers.filter((r) => r.status !== 503).map((r) => r.status)).toEqual(Array(40 - busy.length).fill(200));
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.body).toEqual({
        statusCode: 503,
        message: 'Too many searches are waiting, please try again shortly',
        error: 'Service Unavailable',
      });
    }
    // Once they are done, a search is answered again.
    await t.http().get('/classes?q=class 1').expect(200);
  });
});
