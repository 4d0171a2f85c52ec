import { decode } from 'jsonwebtoken';
import { SEED_CLASSES, SEED_PEOPLE } from '../src/seed/seed-data';
import { runSeed } from '../src/seed/seed';
import { signIn, signUp, uniqueEmail } from './support/emulator';
import { startTestApp, type TestApp } from './support/test-app';

describe('walking skeleton: health, public classes, token exchange, seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t.close());

  describe('GET /health', () => {
    it('reports the database as up', async () => {
      const res = await t.http().get('/health').expect(200);
      expect(res.body).toEqual({ status: 'ok', db: 'up' });
    });
  });

  describe('GET /classes', () => {
    it('lists only the approved classes, publicly, with the field names of docs/product.md and string ids', async () => {
      const res = await t.http().get('/classes').expect(200);
      const approved = SEED_CLASSES.filter((c) => c.status === 'approved');
      expect(res.body).toHaveLength(approved.length);
      expect(res.body.map((c: { className: string }) => c.className).sort()).toEqual(
        approved.map((c) => c.className).sort(),
      );
      for (const c of res.body) {
        // startDate and sessions only on a dated class, minAge and maxAge only on one with an age range.
        expect(
          Object.keys(c)
            .filter((k) => !['startDate', 'sessions', 'minAge', 'maxAge'].includes(k))
            .sort(),
        ).toEqual(
          [
            '_id',
            'className',
            'classImage',
            'picture',
            'enrolled',
            'instructorEmail',
            'instructorName',
            'price',
            'seats',
          ].sort(),
        );
        expect(c._id).toMatch(/^[a-f0-9]{24}$/);
        // The seed's artwork, held by the site and served at its own URL.
        expect(c.picture).toEqual({ status: 'ready', id: expect.stringMatching(/^[a-f0-9]{32}$/) });
        expect(c.classImage).toBe(`http://localhost:3000/pictures/${c.picture.id}/960.jpg`);
      }
      expect(res.body.find((c: { className: string }) => c.className === 'Tennis Camp').seats).toBe(0);
    });

    it('never shows pending or denied classes', async () => {
      const res = await t.http().get('/classes').expect(200);
      const hidden = SEED_CLASSES.filter((c) => c.status !== 'approved').map((c) => c.className);
      expect(res.body.some((c: { className: string }) => hidden.includes(c.className))).toBe(false);
    });
  });

  describe('POST /jwt', () => {
    it('exchanges a Firebase ID token for an HS256 API token whose subject is the lower-case e-mail', async () => {
      const email = uniqueEmail('jwt');
      const idToken = await signUp(email);
      const res = await t
        .http()
        .post('/jwt')
        .set('Authorization', `Bearer ${idToken}`)
        .send({ email: email.toUpperCase() })
        .expect(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      const decoded = decode(res.body.token, { complete: true });
      expect(decoded?.header.alg).toBe('HS256');
      expect((decoded?.payload as { sub: string; exp: number }).sub).toBe(email.toLowerCase());
      expect((decoded?.payload as { exp: number }).exp).toBeGreaterThan(Date.now() / 1000);
    });

    it('refuses a missing token with 401', async () => {
      const res = await t.http().post('/jwt').send({ email: 'mia@sportify.camp' }).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(typeof res.body.message).toBe('string');
    });

    it('refuses a forged or malformed token with 401', async () => {
      await t
        .http()
        .post('/jwt')
        .set('Authorization', 'Bearer not-a-token')
        .send({ email: 'mia@sportify.camp' })
        .expect(401);
      const forged = [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        Buffer.from(JSON.stringify({ email: 'admin@sportify.camp', sub: 'x', aud: 'demo-sportify' })).toString(
          'base64url',
        ),
        '',
      ].join('.');
      await t
        .http()
        .post('/jwt')
        .set('Authorization', `Bearer ${forged}`)
        .send({ email: 'admin@sportify.camp' })
        .expect(401);
    });

    it('closes the seed flaw: no API token for an e-mail you cannot prove (valid ID token of another e-mail -> 403)', async () => {
      const email = uniqueEmail('thief');
      const idToken = await signUp(email);
      const res = await t
        .http()
        .post('/jwt')
        .set('Authorization', `Bearer ${idToken}`)
        .send({ email: 'admin@sportify.camp' })
        .expect(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(res.body.token).toBeUndefined();
    });

    it('validates the body', async () => {
      const idToken = await signUp(uniqueEmail('body'));
      const res = await t
        .http()
        .post('/jwt')
        .set('Authorization', `Bearer ${idToken}`)
        .send({ email: { $gt: '' } })
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });
  });

  describe('seed', () => {
    it('creates the demo people with their roles, and their sign-in accounts with the documented passwords', async () => {
      const users = await t.db().collection('users').find().toArray();
      expect(users).toHaveLength(SEED_PEOPLE.length);
      expect(users.filter((u) => u.role === 'admin')).toHaveLength(3);
      expect(users.filter((u) => u.role === 'instructor')).toHaveLength(6);
      expect(users.filter((u) => !u.role)).toHaveLength(2);
      for (const p of SEED_PEOPLE) {
        await expect(signIn(p.email, p.password)).resolves.toEqual(expect.any(String));
      }
      const alex = users.find((u) => u.email === 'admin@sportify.camp');
      expect(alex).toMatchObject({
        userName: 'Alex Morgan',
        role: 'admin',
        userPhoto: `http://localhost:3000/pictures/${alex!.pictureId}/960.jpg`,
        pictureStatus: 'ready',
      });
    });

    it('creates 15 classes in mixed states, one full and one denied with feedback', async () => {
      const classes = await t.db().collection('classes').find().toArray();
      expect(classes).toHaveLength(15);
      const count = (s: string) => classes.filter((c) => c.status === s).length;
      expect([count('approved'), count('pending'), count('denied')]).toEqual([10, 3, 2]);
      expect(classes.filter((c) => c.status === 'approved' && c.seats === 0)).toHaveLength(1);
      expect(classes.filter((c) => c.status === 'denied' && c.feedback)).toHaveLength(1);
      expect(new Set(classes.filter((c) => c.status === 'approved').map((c) => c.enrolled)).size).toBe(10);
    });

    it("holds the project's own artwork as every picture, served by the site", async () => {
      const records = [
        ...(await t.db().collection('users').find().toArray()).map((u) => [u.userPhoto, u.pictureId]),
        ...(await t.db().collection('classes').find().toArray()).map((c) => [c.classImage, c.pictureId]),
      ];
      for (const [url, id] of records) {
        expect(id).toMatch(/^[a-f0-9]{32}$/);
        expect(url).toBe(`http://localhost:3000/pictures/${id}/960.jpg`);
        await t.http().get(`/pictures/${id}/320.webp`).expect(200).expect('Content-Type', 'image/webp');
      }
    });

    it('runs on first run only', async () => {
      const report = await runSeed(t.config);
      expect(report.seeded).toBe(false);
      expect(await t.db().collection('classes').countDocuments()).toBe(15);
    });
  });

  describe('database setup at boot', () => {
    it('creates every collection with its unique indexes', async () => {
      const uniqueKeys = async (name: string) =>
        (await t.db().collection(name).indexes()).filter((i) => i.unique).map((i) => Object.keys(i.key).join(','));
      expect(await uniqueKeys('users')).toContain('email');
      // One selection and one payment per participant and class: the account holder, or one of its campers.
      expect(await uniqueKeys('selections')).toContain('studentEmail,classId,camperId');
      expect(await uniqueKeys('payments')).toEqual(expect.arrayContaining(['transactionId', 'email,classId,camperId']));
      expect(await uniqueKeys('waitlist_entries')).toContain('classId,studentEmail,camperId');
    });
  });
});

describe('with the database gone', () => {
  it('answers 503 on /health and on calls that need it', async () => {
    const t = await startTestApp();
    await t.db().close();
    const res = await t.http().get('/health').expect(503);
    expect(res.body).toMatchObject({ statusCode: 503, db: 'down' });
    const list = await t.http().get('/classes').expect(503);
    expect(list.body).toEqual({
      statusCode: 503,
      message: 'The database is unavailable, please try again shortly',
      error: 'Service Unavailable',
    });
    await t.close();
  });
});
