import { Types } from 'mongoose';
import { PublicCache } from '../src/common/public-cache';
import { publicListKey } from '../src/common/public-cache-key';
import { ADMIN, JORDAN, MIA, SAM } from './support/demo';
import { newStudent, signInAs, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// Paged, filtered and sorted lists: every parameter, every bad value, pages that neither overlap nor
// skip, and totals, against the real embedded database.

interface Item {
  _id: string;
  className: string;
  instructorName: string;
  instructorEmail: string;
  seats: number;
  price: number;
  enrolled: number;
}
interface Page<T = Item> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

const IMAGE = 'http://localhost:3000/images/classes/soccer.svg';
// Names with regex characters, which must match literally.
const ODD_NAMES = ['Dots .* Stars', 'Open ( Paren', 'Dollar $ Sign', 'Back \\ Slash', 'Caret ^ Plus + Pipe |'];

describe('paged lists', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;
  let sam: Session;
  let student: Session;

  const get = async <T = Page>(url: string, auth?: Session): Promise<T> => {
    const req = t.http().get(url);
    if (auth) req.set(auth.auth);
    return (await req.expect(200)).body as T;
  };
  const approvedInDb = () => t.db().collection('classes').find({ status: 'approved' }).toArray();

  /** Every page of a list, `limit` at a time, checking each page's shape. */
  async function allPages(
    url: string,
    limit: number,
    auth?: Session,
  ): Promise<{ ids: string[]; items: Item[]; total: number }> {
    const items: Item[] = [];
    let total = -1;
    for (let page = 1; page < 100; page++) {
      const body = await get(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}&page=${page}`, auth);
      expect(body).toMatchObject({ page, limit, total: expect.any(Number) });
      if (total === -1) total = body.total;
      expect(body.total).toBe(total);
      expect(body.items.length).toBe(Math.max(0, Math.min(limit, total - (page - 1) * limit)));
      if (body.items.length === 0) break;
      items.push(...body.items);
    }
    return { ids: items.map((i) => i._id), items, total };
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [admin, jordan, sam, student] = await signInDemo(t, ADMIN, JORDAN, SAM, MIA);
    // 40 more approved classes with many equal prices, enrolments and dates (ties the order must break), some full.
    const date = new Date('2026-05-01T10:00:00Z');
    const extra = Array.from({ length: 40 }, (_, i) => ({
      className: `Camp Session ${String(i).padStart(2, '0')}`,
      classImage: IMAGE,
      instructorName: i % 2 ? 'Jordan Lee' : 'Sam Rivera',
      instructorEmail: i % 2 ? JORDAN.email : SAM.email,
      seats: i % 5 === 0 ? 0 : 10,
      price: 50 + (i % 4) * 25,
      status: 'approved',
      date,
      enrolled: i % 3,
      feedback: '',
    }));
    const odd = ODD_NAMES.map((className, i) => ({
      className,
      classImage: IMAGE,
      instructorName: 'Jordan Lee',
      instructorEmail: JORDAN.email,
      seats: 5,
      price: 60 + i,
      status: 'approved',
      date: new Date(),
      enrolled: 1,
      feedback: '',
    }));
    await t
      .db()
      .collection('classes')
      .insertMany([...extra, ...odd]);
  });
  afterAll(() => t.close());

  describe('GET /classes', () => {
    it('keeps the array without parameters; any parameter gives { items, total, page, limit } (limit 24 by default)', async () => {
      const all = await get<Item[]>('/classes');
      expect(Array.isArray(all)).toBe(true);
      expect(all).toHaveLength((await approvedInDb()).length);
      const page = await get('/classes?page=1');
      expect(Object.keys(page).sort()).toEqual(['items', 'limit', 'page', 'total']);
      expect(page).toMatchObject({ page: 1, limit: 24, total: all.length });
      expect(page.items).toHaveLength(24);
      expect(Object.keys(page.items[0]).sort()).toEqual(Object.keys(all[0]).sort());
      expect((await get('/classes?sort=newest')).items.map((i) => i._id)).toEqual(page.items.map((i) => i._id));
    });

    it.each(['popular', 'price', '-price', 'newest', 'name'])(
      'sort=%s: pages neither overlap nor skip, in order, total right',
      async (sort) => {
        const db = await approvedInDb();
        const { ids, items, total } = await allPages(`/classes?sort=${sort}`, 7);
        expect(total).toBe(db.length);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort()).toEqual(db.map((d) => d._id.toString()).sort());
        const pairs = items.slice(1).map((b, i) => [items[i], b] as const);
        for (const [a, b] of pairs) {
          if (sort === 'popular') expect(a.enrolled).toBeGreaterThanOrEqual(b.enrolled);
          if (sort === 'price') expect(a.price).toBeLessThanOrEqual(b.price);
          if (sort === '-price') expect(a.price).toBeGreaterThanOrEqual(b.price);
          if (sort === 'name') expect(a.className <= b.className).toBe(true);
        }
        if (sort === 'newest') {
          const dates = new Map(db.map((d) => [d._id.toString(), (d.date as Date).getTime()]));
          for (const [a, b] of pairs) expect(dates.get(a._id)!).toBeGreaterThanOrEqual(dates.get(b._id)!);
        }
      },
    );

    it('q matches the class name or the instructor name, in any case', async () => {
      const soccer = await get('/classes?q=SOCCER');
      expect(soccer.items.map((i) => i.className)).toEqual(['Soccer Fundamentals']);
      expect(soccer.total).toBe(1);
      const sam = await get('/classes?q=sam%20rivera&limit=60');
      const db = await t
        .db()
        .collection('classes')
        .countDocuments({ status: 'approved', instructorName: 'Sam Rivera' });
      expect(sam.total).toBe(db);
      expect(sam.items.every((i) => i.instructorName === 'Sam Rivera')).toBe(true);
      // Surrounding spaces do not count.
      expect((await get('/classes?q=%20%20soccer%20')).total).toBe(1);
    });

    it.each([
      ['.*', 'Dots .* Stars'],
      ['(', 'Open ( Paren'],
      ['$', 'Dollar $ Sign'],
      ['\\', 'Back \\ Slash'],
      ['^ plus +', 'Caret ^ Plus + Pipe |'],
    ])('q=%p matches literally (only %p)', async (q, name) => {
      const res = await get(`/classes?q=${encodeURIComponent(q)}`);
      expect(res.items.map((i) => i.className)).toEqual([name]);
      expect(res.total).toBe(1);
    });

    it('q with regex characters that match nothing literally finds nothing (not everything)', async () => {
      expect((await get(`/classes?q=${encodeURIComponent('a.c')}`)).total).toBe(0);
      expect((await get(`/classes?q=${encodeURIComponent('[a-z]')}`)).total).toBe(0);
    });

    it('instructor, available=true, minPrice and maxPrice filter; totals match the database', async () => {
      const byJordan = await get(`/classes?instructor=${encodeURIComponent('Jordan@Sportify.camp')}&limit=60`);
      expect(byJordan.total).toBe(
        await t.db().collection('classes').countDocuments({ status: 'approved', instructorEmail: JORDAN.email }),
      );
      expect(byJordan.items.every((i) => i.instructorEmail === JORDAN.email)).toBe(true);

      const free = await allPages('/classes?available=true', 60);
      expect(free.total).toBe(
        await t
          .db()
          .collection('classes')
          .countDocuments({ status: 'approved', seats: { $gt: 0 } }),
      );
      expect(free.items.every((i) => i.seats > 0)).toBe(true);
      expect((await get('/classes?available=false')).total).toBe((await approvedInDb()).length);

      const range = await allPages('/classes?minPrice=75&maxPrice=100', 60);
      expect(range.total).toBe(
        await t
          .db()
          .collection('classes')
          .countDocuments({ status: 'approved', price: { $gte: 75, $lte: 100 } }),
      );
      expect(range.items.every((i) => i.price >= 75 && i.price <= 100)).toBe(true);
      expect(range.total).toBeGreaterThan(0);

      const combined = await get('/classes?q=camp&available=true&minPrice=50&maxPrice=50&sort=-price&limit=60');
      expect(combined.items.length).toBeGreaterThan(0);
      expect(
        combined.items.every((i) => i.price === 50 && i.seats > 0 && /camp/i.test(i.className + i.instructorName)),
      ).toBe(true);
    });

    it('every paged list bounds page and takes it in plain digits only (one spelling, one cache entry)', async () => {
      const lists: [string, Session | undefined][] = [
        ['/classes', undefined],
        ['/instructors', undefined],
        ['/users', admin],
        ['/all-classes', admin],
        [`/classes/user/${JORDAN.email}`, jordan],
        [`/classes/selected/${MIA.email}`, student],
        [`/payments/enrolled/${MIA.email}`, student],
        ['/payments/unsettled', admin],
      ];
      const cases: [string, string][] = [
        ['page=1e300', 'page must be a whole number written in digits'],
        ['page=1.5', 'page must be a whole number written in digits'],
        ['page=01', 'page must be a whole number written in digits'],
        ['page=1e3', 'page must be a whole number written in digits'],
        ['page=10001', 'page must be at most 10000'],
        [`page=1${'0'.repeat(300)}`, 'page must be at most 10000'],
        ['limit=2e1', 'limit must be a whole number written in digits'],
      ];
      for (const [path, who] of lists) {
        for (const [query, message] of cases) {
          const req = t.http().get(`${path}?${query}`);
          const res = await (who ? req.set(who.auth) : req).expect(400);
          expect([path, res.body.message]).toEqual([path, message]);
        }
        const last = t.http().get(`${path}?page=10000`);
        expect((await (who ? last.set(who.auth) : last).expect(200)).body).toMatchObject({ items: [], page: 10000 });
      }
    });

    it('a page past the end is empty with the right total', async () => {
      const res = await get('/classes?page=999&limit=60');
      expect(res).toEqual({ items: [], total: (await approvedInDb()).length, page: 999, limit: 60 });
    });

    it.each([
      ['limit=1000', 'limit must be at most 60'],
      ['limit=0', 'limit must be 1 or more'],
      ['limit=2.5', 'limit must be a whole number'],
      ['page=0', 'page must be 1 or more'],
      ['page=-3', 'page must be 1 or more'],
      ['page=abc', 'page must be a whole number'],
      ['page=1&page=2', 'page must be a whole number'],
      ['minPrice=abc', 'minPrice must be a number'],
      ['maxPrice=', 'maxPrice must be a number'],
      ['minPrice=-1', 'minPrice must not be negative'],
      ['maxPrice=99999', 'maxPrice must be at most 10000'],
      ['minPrice=100&maxPrice=50', 'minPrice must not be more than maxPrice'],
      ['sort=cheapest', 'sort must be one of popular, price, -price, newest, name'],
      [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
      ['q=a&q=b', 'q must be text'],
      ['available=yes', "available must be 'true' or 'false'"],
      ['instructor=nobody', 'instructor must be an e-mail address'],
      ['colour=red', 'property colour should not exist'],
    ])('%s answers 400: "%s"', async (query, message) => {
      const res = await t.http().get(`/classes?${query}`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain(message);
    });

    it('a q of exactly 100 characters is fine', async () => {
      expect((await get(`/classes?q=${'x'.repeat(100)}`)).total).toBe(0);
    });
  });

  describe('public cache of pages', () => {
    it('serves an equivalent query (other order, spaces, explicit defaults) from the same entry, with the same ETag', async () => {
      const a = await t.http().get('/classes?sort=price&q=camp').expect(200);
      const b = await t.http().get('/classes?q=%20camp%20&limit=24&page=1&sort=price').expect(200);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect(b.body).toEqual(a.body);
      await t
        .http()
        .get('/classes?q=camp&sort=price')
        .set('If-None-Match', a.headers.etag as string)
        .expect(304);
      // A bad query is refused even after a good one was cached (only validated queries are stored).
      await t.http().get('/classes?sort=price&q=camp&limit=0').expect(400);
    });

    it('a write invalidates the cached pages at once', async () => {
      const before = await get('/classes?q=road%20cycling');
      expect(before.total).toBe(0);
      const id = (await t.db().collection('classes').findOne({ className: 'Road Cycling Club' }))!._id.toString();
      await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
      const after = await get('/classes?q=road%20cycling');
      expect(after.total).toBe(1);
      expect(after.items[0]._id).toBe(id);
    });

    it('keeps at most PUBLIC_CACHE_ENTRIES pages, dropping the least recently used', async () => {
      const small = await startTestApp({ seed: true, env: { PUBLIC_CACHE_ENTRIES: '3' } });
      try {
        const cache = small.app.get(PublicCache);
        const etag = async (url: string) => (await small.http().get(url).expect(200)).headers.etag as string;
        await etag('/classes?page=1');
        await etag('/classes?page=2');
        await etag('/classes?page=3');
        expect(cache.size).toBe(3);
        expect(cache.peek('classes:approved?limit=24&page=1')).toBeDefined();
        await etag('/classes?page=4'); // page 1 was touched last by peek, so page 2 goes
        expect(cache.size).toBe(3);
        expect(cache.peek('classes:approved?limit=24&page=2')).toBeUndefined();
        expect(cache.peek('classes:approved?limit=24&page=1')).toBeDefined();
      } finally {
        await small.close();
      }
    });
    it('1,000 distinct searches and price ranges do not evict the hot pages (nor reload them)', async () => {
      const cache = t.app.get(PublicCache);
      const hot = ['/classes', '/classes?page=1', '/classes?sort=price', '/classes?page=2&sort=popular'];
      for (const url of hot) await t.http().get(url).expect(200);
      const keyOf = (url: string) => publicListKey('/classes', url);
      const entries = hot.map((url) => cache.peek(keyOf(url)));
      for (const entry of entries) expect(entry).toBeDefined();

      const variants = Array.from({ length: 1000 }, (_, i) =>
        i % 2 ? `/classes?q=search${i}` : `/classes?minPrice=${i}&maxPrice=${i + 100}`,
      );
      for (let at = 0; at < variants.length; at += 25) {
        await Promise.all(variants.slice(at, at + 25).map((url) => t.http().get(url).expect(200)));
      }
      // The very same entries: still cached, never reloaded; the variants stayed in their own small area.
      hot.forEach((url, i) => expect(cache.peek(keyOf(url))).toBe(entries[i]));
      expect(cache.size).toBeLessThanOrEqual(t.config.publicCacheEntries + Math.ceil(t.config.publicCacheEntries / 10));
      const warm = await t.http().get('/classes?sort=price').set('If-None-Match', entries[2]!.etag);
      expect(warm.status).toBe(304);
    });
  });

  describe('read rate limit', () => {
    it('refuses a client past RATE_LIMIT_READS reads reaching the API (429); other clients and warm lists still pass', async () => {
      const limited = await startTestApp({ seed: true, env: { RATE_LIMIT_READS: '5' } });
      try {
        const from = (ip: string, url: string) => limited.http().get(url).set('X-Forwarded-For', ip);
        await from('198.51.100.7', '/classes').expect(200); // loads the list: counted
        for (let i = 1; i < 5; i++) await from('198.51.100.7', `/classes?q=read${i}`).expect(200);
        const refused = await from('198.51.100.7', '/classes?q=read5').expect(429);
        expect(refused.body).toEqual({
          statusCode: 429,
          message: 'Too many requests, please try again later',
          error: 'Too Many Requests',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        // A warm public list costs no query: not counted.
        await from('198.51.100.7', '/classes').expect(200);
        await from('198.51.100.8', '/classes?q=read5').expect(200);
        await from('198.51.100.7', '/health/ready').expect(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('GET /users (admin)', () => {
    interface U {
      _id: string;
      userName: string;
      email: string;
      role?: string;
    }
    beforeAll(async () => {
      const createdAt = new Date('2026-06-01T00:00:00Z');
      await t
        .db()
        .collection('users')
        .insertMany(
          Array.from({ length: 30 }, (_, i) => ({
            userName: `Camper ${i}`,
            email: `camper${i}.${'x'.repeat(40)}@example.com`,
            userPhoto: '',
            createdAt,
          })),
        );
    });

    it('pages every user in sign-up order without overlap or gaps; the array stays without parameters', async () => {
      const all = await get<U[]>('/users', admin);
      const paged = await allPages('/users', 9, admin);
      expect(paged.total).toBe(all.length);
      expect(paged.ids).toEqual(all.map((u) => u._id));
    });

    it('q finds a name or an e-mail, literally and in any case; role filters (student = no role)', async () => {
      expect((await get<Page<U>>('/users?q=MIA%20CHEN', admin)).items.map((u) => u.email)).toEqual([MIA.email]);
      expect((await get<Page<U>>('/users?q=jordan%40sportify', admin)).items.map((u) => u.email)).toEqual([
        JORDAN.email,
      ]);
      expect((await get<Page<U>>(`/users?q=${encodeURIComponent('.*')}`, admin)).total).toBe(0);
      const campers = await get<Page<U>>('/users?q=camper%201&limit=60', admin);
      expect(campers.items.map((u) => u.userName).sort()).toEqual(
        ['Camper 1', ...Array.from({ length: 10 }, (_, i) => `Camper 1${i}`)].sort(),
      );

      const users = t.db().collection('users');
      const admins = await get<Page<U>>('/users?role=admin&limit=60', admin);
      expect(admins.total).toBe(await users.countDocuments({ role: 'admin' }));
      expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
      const instructors = await get<Page<U>>('/users?role=instructor&limit=60', admin);
      expect(instructors.total).toBe(await users.countDocuments({ role: 'instructor' }));
      const students = await allPages('/users?role=student', 20, admin);
      expect(students.total).toBe(await users.countDocuments({ role: { $exists: false } }));
      expect((students.items as unknown as U[]).every((u) => u.role === undefined)).toBe(true);
    });

    it('sort pages newest sign-up first or by name, without overlap; refuses an unknown sort', async () => {
      const oldest = await allPages('/users', 9, admin);
      const newest = await allPages('/users?sort=newest', 9, admin);
      expect(newest.total).toBe(oldest.total);
      expect(newest.ids).toEqual([...oldest.ids].reverse());
      const byName = await allPages('/users?sort=name', 9, admin);
      const names = (byName.items as unknown as U[]).map((u) => u.userName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(byName.ids).size).toBe(oldest.total);
      expect((await t.http().get('/users?sort=random').set(admin.auth).expect(400)).body.message).toContain(
        'sort must be one of oldest, newest, name',
      );
    });

    it('a cached page shows a new sign-up and a promotion at once', async () => {
      const before = await get<Page<U>>('/users?q=latecomer', admin);
      expect(before.total).toBe(0);
      const late = await newStudent(t, 'latecomer');
      const after = await get<Page<U>>('/users?q=latecomer', admin);
      expect(after.items.map((u) => u.email)).toEqual([late.email]);
      await t.http().patch(`/users/instructors/${after.items[0]._id}`).set(admin.auth).expect(200);
      expect((await get<Page<U>>('/users?q=latecomer&role=student', admin)).total).toBe(0);
      expect((await get<Page<U>>('/users?q=latecomer', admin)).items[0].role).toBe('instructor');
    });

    it('sends a page as private (no shared cache may keep it), revalidated by its ETag', async () => {
      const res = await t.http().get('/users?page=2&limit=5').set(admin.auth).expect(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.items).toHaveLength(5);
      await t
        .http()
        .get('/users?page=2&limit=5')
        .set({ ...admin.auth, 'If-None-Match': res.headers.etag })
        .expect(304);
      // A warm page (answered from the cache for an admin) is refused to everyone else as the guards refuse it.
      const again = await t.http().get('/users?page=2&limit=5').set(admin.auth).expect(200);
      expect(again.body).toEqual(res.body);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect((await t.http().get('/users?page=2&limit=5').set(student.auth).expect(403)).body.message).toBe(
        'This action is only for admin accounts',
      );
      await t.http().get('/users?page=2&limit=5').set(jordan.auth).expect(403);
      await t.http().get('/users?page=2&limit=5').set('Authorization', 'Bearer not-a-token').expect(401);
      await t.http().get('/users?page=2&limit=5').expect(401);
    });

    it('refuses bad values (400) and non-admins (403)', async () => {
      for (const [query, message] of [
        ['role=superuser', 'role must be one of admin, instructor, student'],
        ['limit=61', 'limit must be at most 60'],
        ['page=0', 'page must be 1 or more'],
        [`q=${'y'.repeat(101)}`, 'q must be at most 100 characters'],
      ]) {
        expect((await t.http().get(`/users?${query}`).set(admin.auth).expect(400)).body.message).toContain(message);
      }
      await t.http().get('/users?page=1').set(student.auth).expect(403);
      await t.http().get('/users?page=1').set(jordan.auth).expect(403);
      await t.http().get('/users?page=1').expect(401);
    });
  });

  describe('GET /all-classes (admin)', () => {
    interface C extends Item {
      status: string;
    }
    interface AdminPage extends Page<C> {
      counts: Record<string, number>;
    }

    it('puts pending classes first by default, pages without overlap, and counts each status', async () => {
      const db = await t.db().collection('classes').find({}).toArray();
      const pages: C[] = [];
      let body: AdminPage;
      let page = 1;
      do {
        body = await get<AdminPage>(`/all-classes?limit=5&page=${page++}`, admin);
        pages.push(...body.items);
      } while (body.items.length);
      expect(body.total).toBe(db.length);
      expect(pages.map((c) => c._id).sort()).toEqual(db.map((d) => d._id.toString()).sort());
      const pending = db.filter((d) => d.status === 'pending').length;
      expect(pages.slice(0, pending).every((c) => c.status === 'pending')).toBe(true);
      expect(pages.slice(pending).every((c) => c.status !== 'pending')).toBe(true);
      expect(body.counts).toEqual({
        pending,
        approved: db.filter((d) => d.status === 'approved').length,
        denied: db.filter((d) => d.status === 'denied').length,
      });
    });

    it('filters by status and finds by class name, instructor name or e-mail', async () => {
      const denied = await get<AdminPage>('/all-classes?status=denied', admin);
      expect(denied.items.every((c) => c.status === 'denied')).toBe(true);
      expect(denied.total).toBe(await t.db().collection('classes').countDocuments({ status: 'denied' }));
      const found = await get<AdminPage>('/all-classes?status=pending&q=table%20tennis', admin);
      expect(found.items.map((c) => c.className)).toEqual(['Table Tennis Spin School']);
      expect(found.counts.pending).toBe(1);
      const bySam = await get<AdminPage>('/all-classes?q=SAM%40SPORTIFY&limit=60', admin);
      expect(bySam.total).toBe(await t.db().collection('classes').countDocuments({ instructorEmail: SAM.email }));
      expect(Array.isArray(await get('/all-classes', admin))).toBe(true);
    });

    it('refuses bad values and non-admins', async () => {
      expect((await t.http().get('/all-classes?status=archived').set(admin.auth).expect(400)).body.message).toContain(
        'status must be one of pending, approved, denied',
      );
      expect((await t.http().get('/all-classes?limit=1000').set(admin.auth).expect(400)).body.message).toContain(
        'limit must be at most 60',
      );
      await t.http().get('/all-classes?page=1').set(jordan.auth).expect(403);
    });
  });

  describe('GET /instructors (public)', () => {
    it('pages and searches instructors; the array stays without parameters', async () => {
      const all = await get<{ _id: string; userName: string }[]>('/instructors');
      const first = await get<Page<{ _id: string; userName: string }>>('/instructors?limit=4');
      const second = await get<Page<{ _id: string; userName: string }>>('/instructors?limit=4&page=2');
      expect(first.total).toBe(all.length);
      expect([...first.items, ...second.items].map((p) => p._id)).toEqual(all.map((p) => p._id));
      expect((await get<Page<{ userName: string }>>('/instructors?q=rivera')).items.map((p) => p.userName)).toEqual([
        'Sam Rivera',
      ]);
      // Public search is by name: e-mails are not searched.
      expect((await get('/instructors?q=sportify.camp')).total).toBe(0);
      expect((await t.http().get('/instructors?limit=100').expect(400)).body.message).toContain(
        'limit must be at most 60',
      );
    });
  });

  describe('GET /classes/user/:email (instructor)', () => {
    it("filters the caller's own classes by status, a page at a time", async () => {
      const all = await get<Item[]>(`/classes/user/${SAM.email}`, sam);
      const paged = await allPages(`/classes/user/${SAM.email}`, 4, sam);
      expect(paged.ids.sort()).toEqual(all.map((c) => c._id).sort());
      for (const status of ['pending', 'approved', 'denied']) {
        const one = await get<Page<Item & { status: string }>>(`/classes/user/${SAM.email}?status=${status}`, sam);
        expect(one.items.every((c) => c.status === status && c.instructorEmail === SAM.email)).toBe(true);
        expect(one.total).toBe(
          await t.db().collection('classes').countDocuments({ instructorEmail: SAM.email, status }),
        );
        expect(one.items).toHaveLength(one.total);
      }
      expect((await get(`/classes/user/${SAM.email}?status=approved`, sam)).total).toBeGreaterThan(0);
      expect(
        (await t.http().get(`/classes/user/${SAM.email}?status=hidden`).set(sam.auth).expect(400)).body.message,
      ).toContain('status must be one of');
      await t.http().get(`/classes/user/${SAM.email}?status=pending`).set(jordan.auth).expect(403);
    });
  });

  describe("the student's lists and the admins' unsettled list", () => {
    let pupil: Session;
    const N = 30;
    // Equal times in runs of three: the order's _id tie-break is what keeps pages apart.
    const at = (i: number) => new Date(Date.UTC(2026, 5, 1, 0, Math.floor(i / 3)));

    const classIds = Array.from({ length: N }, () => new Types.ObjectId());
    beforeAll(async () => {
      pupil = await newStudent(t, 'pager');
      await t
        .db()
        .collection('selections')
        .insertMany(
          classIds.map((classId, i) => ({
            classId,
            className: `Picked ${i}`,
            instructorName: 'Jordan Lee',
            seats: 5,
            studentEmail: pupil.email,
            price: 40 + i,
            createdAt: at(i),
          })),
        );
      await t
        .db()
        .collection('payments')
        .insertMany(
          classIds.map((classId, i) => ({
            email: pupil.email,
            className: `Paid ${i}`,
            transactionId: `pi_pager_${i}`,
            price: 40 + i,
            classId,
            selectionId: new Types.ObjectId(),
            date: at(i),
            status: 'service pending',
          })),
        );
      // Opened an hour ago (past the settle delay), never settled; the reconciliation job is off in tests.
      const old = Date.now() - 3_600_000;
      await t
        .db()
        .collection('payment_settlements')
        .insertMany(
          Array.from({ length: N }, (_, i) => ({
            intentId: `pi_unsettled_pager_${i}`,
            email: pupil.email,
            classId: classIds[i].toString(),
            selectionId: new Types.ObjectId().toString(),
            amount: 40,
            state: 'open',
            charged: i % 2 === 0,
            refundAttempts: 0,
            nextAttemptAt: new Date(Date.now() + 86_400_000),
            createdAt: new Date(old + Math.floor(i / 3) * 1000),
            updatedAt: new Date(old),
          })),
        );
    });

    /** The paged form walks the array form's order exactly: no overlap, no gap, the same items. */
    async function expectPagesFollowArray(url: string, auth: Session, arrayIds: string[]) {
      const first = await get(`${url}?page=1`, auth);
      expect(Object.keys(first).sort()).toEqual(['items', 'limit', 'page', 'total']);
      expect(first).toMatchObject({ page: 1, limit: 24, total: arrayIds.length });
      expect(first.items).toHaveLength(Math.min(24, arrayIds.length));
      const paged = await allPages(url, 7, auth);
      expect(paged.total).toBe(arrayIds.length);
      expect(paged.ids).toEqual(arrayIds);
      expect((await get(`${url}?page=99&limit=60`, auth)).items).toEqual([]);
      return first;
    }

    const BAD: Array<[string, string]> = [
      ['limit=61', 'limit must be at most 60'],
      ['limit=0', 'limit must be 1 or more'],
      ['limit=2.5', 'limit must be a whole number'],
      ['page=0', 'page must be 1 or more'],
      ['page=abc', 'page must be a whole number'],
      ['page=1&page=2', 'page must be a whole number'],
      ['colour=red', 'property colour should not exist'],
    ];
    const expectBadValues = async (url: string, auth: Session) => {
      for (const [query, message] of BAD) {
        const res = await t.http().get(`${url}?${query}`).set(auth.auth).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        expect(res.body.message).toContain(message);
      }
    };

    it('GET /classes/selected/:email: oldest first, a page with page/limit; bad values 400; only the own e-mail', async () => {
      const url = `/classes/selected/${pupil.email}`;
      const all = await get<Array<{ _id: string; className: string }>>(url, pupil);
      expect(all.map((s) => s.className)).toEqual(Array.from({ length: N }, (_, i) => `Picked ${i}`));
      expect(all).toHaveLength(await t.db().collection('selections').countDocuments({ studentEmail: pupil.email }));
      const first = await expectPagesFollowArray(
        url,
        pupil,
        all.map((s) => s._id),
      );
      expect(Object.keys(first.items[0]).sort()).toEqual(Object.keys(all[0]).sort());
      expect((await get(`${url}?limit=5&page=2`, pupil)).items.map((s) => s.className)).toEqual([
        'Picked 5',
        'Picked 6',
        'Picked 7',
        'Picked 8',
        'Picked 9',
      ]);
      await expectBadValues(url, pupil);
      await t.http().get(`/classes/selected/${MIA.email}?page=1`).set(pupil.auth).expect(403);
      await t.http().get(`${url}?page=1`).expect(401);
    });

    it('GET /payments/enrolled/:email: newest first, a page with page/limit; bad values 400; only the own e-mail', async () => {
      const url = `/payments/enrolled/${pupil.email}`;
      const all = await get<Array<{ _id: string; className: string; date: string }>>(url, pupil);
      expect(all).toHaveLength(N);
      const times = all.map((p) => Date.parse(p.date));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const first = await expectPagesFollowArray(
        url,
        pupil,
        all.map((p) => p._id),
      );
      expect(Object.keys(first.items[0]).sort()).toEqual(Object.keys(all[0]).sort());
      expect(first.items[0].className).toMatch(/^Paid 2[789]$/);
      await expectBadValues(url, pupil);
      await t.http().get(`/payments/enrolled/${MIA.email}?page=1`).set(pupil.auth).expect(403);
    });

    it("classIds narrows both student lists to some classes (the Classes screen's cards), at most 60, ids only", async () => {
      const some = `${classIds[3].toString()},${classIds[7].toString().toUpperCase()}, ${new Types.ObjectId().toString()}`;
      const selected = await get<Page<{ className: string }>>(
        `/classes/selected/${pupil.email}?classIds=${encodeURIComponent(some)}`,
        pupil,
      );
      expect(selected).toMatchObject({ total: 2, page: 1, limit: 24 });
      expect(selected.items.map((s) => s.className)).toEqual(['Picked 3', 'Picked 7']);
      const paid = await get<Page<{ className: string }>>(
        `/payments/enrolled/${pupil.email}?classIds=${encodeURIComponent(some)}&limit=60`,
        pupil,
      );
      expect(paid.items.map((p) => p.className)).toEqual(['Paid 7', 'Paid 3']);
      // Another student's rows of the same classes stay out: Mia has none of these.
      const mia = await signInAs(t, MIA.email, MIA.password);
      expect((await get(`/classes/selected/${MIA.email}?classIds=${classIds[3].toString()}`, mia)).total).toBe(0);

      const sixtyOne = Array.from({ length: 61 }, () => new Types.ObjectId().toString()).join(',');
      for (const [query, message] of [
        [`classIds=${sixtyOne}`, 'classIds must hold at most 60 ids'],
        ['classIds=nope', 'classIds must be class ids'],
        [`classIds=${classIds[0].toString()},{"$ne":1}`, 'classIds must be class ids'],
      ]) {
        for (const url of [`/classes/selected/${pupil.email}`, `/payments/enrolled/${pupil.email}`]) {
          const res = await t.http().get(`${url}?${query}`).set(pupil.auth).expect(400);
          expect(res.body.message).toContain(message);
        }
      }
    });

    it('GET /payments/unsettled: the array of at most 200 without parameters, pages with page/limit, admins only', async () => {
      const rows = t.db().collection('payment_settlements');
      const dbTotal = await rows.countDocuments({
        state: { $in: ['open', 'refund_due', 'revoking'] },
        createdAt: { $lte: new Date(Date.now() - 120_000) },
      });
      expect(dbTotal).toBeGreaterThanOrEqual(N);
      const plain = await get<{ count: number; items: Array<{ intentId: string; createdAt: string }> }>(
        '/payments/unsettled',
        admin,
      );
      expect(plain.count).toBe(dbTotal);
      const times = plain.items.map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      const first = await get<Page<{ intentId: string }>>('/payments/unsettled?page=1', admin);
      expect(first).toMatchObject({ page: 1, limit: 24, total: dbTotal });
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(dbTotal / 7); page++) {
        const body = await get<Page<{ intentId: string }>>(`/payments/unsettled?limit=7&page=${page}`, admin);
        expect(body.total).toBe(dbTotal);
        seen.push(...body.items.map((r) => r.intentId));
      }
      expect(seen).toEqual(plain.items.map((r) => r.intentId));
      expect(seen.filter((id) => id.startsWith('pi_unsettled_pager_'))).toEqual(
        Array.from({ length: N }, (_, i) => `pi_unsettled_pager_${i}`),
      );

      await expectBadValues('/payments/unsettled', admin);
      await t.http().get('/payments/unsettled?page=1').set(pupil.auth).expect(403);
      await t.http().get('/payments/unsettled?page=1').expect(401);
    });
  });

  describe('indexes', () => {
    it('has an index for each filter and order', async () => {
      const keys = async (name: string) => (await t.db().collection(name).indexes()).map((i) => JSON.stringify(i.key));
      const classes = await keys('classes');
      for (const k of [
        { status: 1, date: -1, _id: -1 },
        { status: 1, price: 1, _id: 1 },
        { status: 1, className: 1, _id: 1 },
        { status: 1, enrolled: -1, _id: 1 },
        { status: 1, instructorEmail: 1 },
        { status: 1, seats: 1 },
        { instructorEmail: 1, status: 1, date: -1 },
      ])
        expect(classes).toContain(JSON.stringify(k));
      const users = await keys('users');
      for (const k of [
        { createdAt: 1, _id: 1 },
        { role: 1, createdAt: 1, _id: 1 },
      ])
        expect(users).toContain(JSON.stringify(k));
      expect(await keys('selections')).toContain(JSON.stringify({ studentEmail: 1, createdAt: 1, _id: 1 }));
      expect(await keys('payments')).toContain(JSON.stringify({ email: 1, date: -1, _id: -1 }));
      expect(await keys('payment_settlements')).toContain(JSON.stringify({ state: 1, createdAt: 1, _id: 1 }));
    });
  });
});
