import type { Response } from 'supertest';
import { PublicCache } from '../src/common/public-cache';
import { PublicCacheCoherence } from '../src/common/public-cache-coherence';
import { listKey } from '../src/common/public-cache-key';
import { ADMIN, JORDAN, MIA } from './support/demo';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

// A list answered from its cache (warm) must look to a client exactly like the same list loaded by its handler
// (cold): status, every header that is not per connection (security, CORS, caching, encoding, request id), body,
// and the 304 to a matching If-None-Match. Pinned header by header, so no way of serving warm lists can drift.

const ORIGIN = 'http://localhost:3000';
// Per response or per connection.
const VOLATILE = new Set(['date', 'connection', 'keep-alive']);

/** What helmet sets on every answer in development mode, value by value. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const stable = (res: Response): Record<string, string> =>
  Object.fromEntries(
    Object.entries(res.headers as Record<string, string>)
      .filter(([name]) => !VOLATILE.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

interface ListCase {
  name: string;
  url: string;
  base: string;
  visibility: 'public' | 'private';
}

const CASES: ListCase[] = [
  { name: 'every approved class', url: '/classes', base: 'classes:approved', visibility: 'public' },
  { name: 'a page of classes', url: '/classes?page=1&limit=24', base: 'classes:approved', visibility: 'public' },
  { name: 'the popular classes', url: '/classes/popular', base: 'classes:popular', visibility: 'public' },
  { name: 'a page of instructors', url: '/instructors?limit=60', base: 'users:instructors', visibility: 'public' },
  { name: 'the popular instructors', url: '/users/popular', base: 'users:popular', visibility: 'public' },
  { name: 'the admins', url: '/users/admin', base: 'users:admins', visibility: 'public' },
  { name: "a page of the admin's users", url: '/users?page=1&limit=5', base: 'admin:users', visibility: 'private' },
];

describe('warm lists answer like cold ones', () => {
  let t: TestApp;
  let cache: PublicCache;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    cache = t.app.get(PublicCache);
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const authOf = (c: ListCase) => (c.visibility === 'private' ? admin.auth : {});
  const get = (url: string, headers: Record<string, string>, method: 'get' | 'head' = 'get') =>
    t.http()[method](url).set(headers);
  const isWarm = (c: ListCase) => cache.peek(listKey(c.base, c.url)) !== undefined;
  // What every write of these lists does: the next read loads them again.
  // Settled (published and read back) before the next request, so the cache's own sync cannot drop the lists again
  // between a cold read and the warm one.
  const dropAll = async () => {
    cache.invalidate('classes');
    cache.invalidate('users');
    const coherence = t.app.get(PublicCacheCoherence);
    await coherence.flush();
    await coherence.refresh();
  };
  /** The same request cold (just loaded by the handler) and then warm (from the cache). */
  const coldThenWarm = async (c: ListCase, headers: Record<string, string>, method: 'get' | 'head' = 'get') => {
    await dropAll();
    expect(isWarm(c)).toBe(false);
    const cold = await get(c.url, headers, method);
    expect(isWarm(c)).toBe(true);
    const warm = await get(c.url, headers, method);
    return { cold, warm };
  };

  describe.each(CASES)('$name', (c) => {
    const variants: Record<string, string>[] = [
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip, deflate, br' },
      { 'Accept-Encoding': 'br' },
      { 'Accept-Encoding': 'identity', Origin: ORIGIN },
      { 'Accept-Encoding': 'gzip', Origin: 'http://evil.example' },
      { 'Accept-Encoding': 'identity', 'X-Request-Id': 'parity-check-1' },
    ];

    it.each(variants)('sends the same status, headers and body cold and warm (%o)', async (extra) => {
      const { cold, warm } = await coldThenWarm(c, { ...authOf(c), ...extra });
      expect([cold.status, warm.status]).toEqual([200, 200]);
      expect(stable(warm)).toEqual({ ...stable(cold), 'x-request-id': warm.headers['x-request-id'] });
      expect(warm.body).toEqual(cold.body);
      expect(Array.isArray(warm.body) || Array.isArray(warm.body.items)).toBe(true);

      for (const res of [cold, warm]) {
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
        expect(res.headers['cache-control']).toBe(`${c.visibility}, no-cache`);
        expect(res.headers.vary).toBe('Origin, Accept-Encoding');
        for (const [name, value] of Object.entries(SECURITY_HEADERS))
          expect([name, res.headers[name]]).toEqual([name, value]);
        expect(res.headers['x-powered-by']).toBeUndefined();
        if (extra['X-Request-Id']) expect(res.headers['x-request-id']).toBe(extra['X-Request-Id']);
        else expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(warm.headers['x-request-id']).not.toBe(extra['X-Request-Id'] ? undefined : cold.headers['x-request-id']);
      expect(cold.headers.etag).toBe(warm.headers.etag);

      // Stored in each encoding, whatever the size: brotli where accepted, else gzip.
      const encoding = extra['Accept-Encoding'];
      const expected = encoding === 'identity' ? undefined : encoding === 'gzip' ? 'gzip' : 'br';
      expect([cold.headers['content-encoding'], warm.headers['content-encoding']]).toEqual([expected, expected]);
      if (extra.Origin === ORIGIN) {
        for (const res of [cold, warm]) {
          expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
          expect(res.headers['access-control-expose-headers']).toBe('ETag,X-Request-Id');
        }
      } else expect(warm.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers 304 to its ETag cold and warm (also weak, or in a list), 200 to another, HEAD without a body', async () => {
      const { warm: first } = await coldThenWarm(c, { ...authOf(c), 'Accept-Encoding': 'identity' });
      const etag = first.headers.etag as string;
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const { cold, warm } = await coldThenWarm(c, { ...authOf(c), 'If-None-Match': inm });
        for (const res of [cold, warm]) {
          expect(res.status).toBe(304);
          expect(res.text).toBe('');
          expect(res.headers.etag).toBe(etag);
          expect(res.headers['cache-control']).toBe(`${c.visibility}, no-cache`);
          expect(res.headers.vary).toBe('Origin, Accept-Encoding');
          expect(res.headers['content-type']).toBeUndefined();
          expect(res.headers['x-content-type-options']).toBe('nosniff');
        }
        expect(stable(warm)).toEqual({ ...stable(cold), 'x-request-id': warm.headers['x-request-id'] });
      }
      const other = await coldThenWarm(c, { ...authOf(c), 'If-None-Match': '"not-this-one"' });
      expect([other.cold.status, other.warm.status]).toEqual([200, 200]);
      expect(other.warm.headers.etag).toBe(etag);

      const head = await coldThenWarm(c, { ...authOf(c), 'Accept-Encoding': 'identity' }, 'head');
      for (const res of [head.cold, head.warm]) {
        expect(res.status).toBe(200);
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['content-length']).toBe(first.headers['content-length']);
        expect(res.text ?? '').toBe('');
      }
    });
  });

  describe("the admin's warm pages go through the guards", () => {
    const page = '/users?page=1&limit=5';

    it('refuses them to a student, an instructor, a bad token and no token, exactly as cold', async () => {
      const mia = await signInAs(t, MIA.email, MIA.password);
      const jordan = await signInAs(t, JORDAN.email, JORDAN.password);
      const refusals: [Record<string, string>, number, string][] = [
        [mia.auth, 403, 'This action is only for admin accounts'],
        [jordan.auth, 403, 'This action is only for admin accounts'],
        [{ Authorization: 'Bearer not-a-token' }, 401, 'Invalid or expired access token'],
        [{}, 401, 'Missing access token (Authorization: Bearer <token>)'],
      ];
      for (const [auth, status, message] of refusals) {
        await dropAll();
        const cold = await get(page, auth).expect(status);
        const list = await get(page, admin.auth).expect(200);
        expect(cache.peek(listKey('admin:users', page))).toBeDefined();
        const warm = await get(page, auth).expect(status);
        for (const res of [cold, warm]) {
          expect(res.body).toEqual(expect.objectContaining({ statusCode: status, message }));
          expect(res.headers.etag).not.toBe(list.headers.etag);
          expect(res.headers['cache-control']).toBeUndefined();
        }
        expect(stable(warm)).toEqual({ ...stable(cold), 'x-request-id': warm.headers['x-request-id'] });
      }
    });

    it("reads the caller's role on every request: a student made admin sees the warm page at once", async () => {
      const student = await newStudent(t, 'parity-promoted');
      await get(page, admin.auth).expect(200);
      await get(page, student.auth).expect(403);
      const users = await t.db().collection('users').findOne({ email: student.email });
      await t
        .http()
        .patch(`/users/admin/${String(users!._id)}`)
        .set(admin.auth)
        .expect(200);
      const now = await get(page, admin.auth).expect(200);
      expect(cache.peek(listKey('admin:users', page))).toBeDefined();
      const promoted = await get(page, student.auth).expect(200);
      expect(promoted.body).toEqual(now.body);
      expect(promoted.headers.etag).toBe(now.headers.etag);
    });
  });

  describe('a write changes what the next read returns', () => {
    it('approving a class: the warm lists and a client holding the old ETag get the new list', async () => {
      const pending = await t.db().collection('classes').findOne({ status: 'pending' });
      expect(pending).not.toBeNull();
      const urls = ['/classes', '/classes?page=1&limit=60', '/classes?sort=name&limit=60'];
      const before = new Map<string, Response>();
      for (const url of urls) {
        await get(url, {});
        before.set(url, await get(url, {}).expect(200));
        expect(cache.peek(listKey('classes:approved', url))).toBeDefined();
      }
      const adminPage = await get('/all-classes?status=pending&limit=60', admin.auth).expect(200);
      expect(adminPage.body.items.map((x: { _id: string }) => x._id)).toContain(String(pending!._id));

      await t
        .http()
        .patch(`/classes/status/${String(pending!._id)}`)
        .set(admin.auth)
        .send({ status: 'approved' })
        .expect(200);

      const names = (body: unknown) =>
        (Array.isArray(body) ? body : (body as { items: unknown[] }).items).map((x) => (x as { _id: string })._id);
      for (const url of urls) {
        const old = before.get(url)!;
        expect(names(old.body)).not.toContain(String(pending!._id));
        const next = await get(url, { 'If-None-Match': old.headers.etag as string }).expect(200);
        expect(next.headers.etag).not.toBe(old.headers.etag);
        expect(names(next.body)).toContain(String(pending!._id));
        const again = await get(url, { 'If-None-Match': next.headers.etag as string });
        expect(again.status).toBe(304);
      }
    });

    it("a new sign-up: the admin's warm user page counts it on the next read", async () => {
      const url = '/users?page=1&limit=5';
      await get(url, admin.auth).expect(200);
      const old = await get(url, admin.auth).expect(200);
      expect(cache.peek(listKey('admin:users', url))).toBeDefined();
      const student = await newStudent(t, 'parity-signup');
      const next = await get(url, { ...admin.auth, 'If-None-Match': old.headers.etag as string }).expect(200);
      expect(next.body.total).toBe(old.body.total + 1);
      expect(next.headers.etag).not.toBe(old.headers.etag);
      const last = await get(`/users?page=${Math.ceil(next.body.total / 5)}&limit=5`, admin.auth).expect(200);
      expect(last.body.items.map((u: { email: string }) => u.email)).toContain(student.email);
    });
  });
});
