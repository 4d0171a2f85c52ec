import { signUp, uniqueEmail } from './support/emulator';
import { ADMIN, JORDAN, MIA } from './support/demo';
import { apiToken, newStudent, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// `picture`: the held photo's status and id (the seed holds every demo photo).
const PERSON_KEYS = ['_id', 'email', 'picture', 'userName', 'userPhoto'];

describe('users', () => {
  let t: TestApp;
  let admin: Session;
  let instructor: Session;
  let student: Session;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [admin, instructor, student] = await signInDemo(t, ADMIN, JORDAN, MIA);
  });
  afterAll(() => t.close());

  describe('POST /users', () => {
    it('registers the caller once and returns insertedId; a second call returns the same id', async () => {
      const s = await newStudent(t, 'reg', false);
      const body = { userName: 'Reg User', email: s.email, userPhoto: 'https://example.com/me.png', gender: 'female' };
      const first = await t.http().post('/users').set(s.auth).send(body).expect(201);
      expect(first.body).toEqual({ insertedId: expect.stringMatching(/^[a-f0-9]{24}$/) });
      const again = await t.http().post('/users').set(s.auth).send({ email: s.email, userName: 'Other' }).expect(200);
      expect(again.body.insertedId).toBe(first.body.insertedId);
      expect(await t.db().collection('users').countDocuments({ email: s.email })).toBe(1);
    });

    it('ignores any role sent (no self-made admins)', async () => {
      const s = await newStudent(t, 'sneaky', false);
      await t.http().post('/users').set(s.auth).send({ userName: 'Sneaky', email: s.email, role: 'admin' }).expect(201);
      const doc = await t.db().collection('users').findOne({ email: s.email });
      expect(doc?.role).toBeUndefined();
      const check = await t.http().get(`/users/admin/${s.email}`).set(s.auth).expect(200);
      expect(check.body).toEqual({ admin: false });
    });

    it('accepts the Firebase ID token directly (registration right after sign-up)', async () => {
      const email = uniqueEmail('google');
      const idToken = await signUp(email);
      await t
        .http()
        .post('/users')
        .set('Authorization', `Bearer ${idToken}`)
        .send({ email, userName: 'G User' })
        .expect(201);
    });

    it("refuses to register someone else's e-mail (403) and callers without a token (401)", async () => {
      const s = await newStudent(t, 'imposter', false);
      await t.http().post('/users').set(s.auth).send({ email: 'victim@example.com', userName: 'X' }).expect(403);
      await t.http().post('/users').send({ email: s.email, userName: 'X' }).expect(401);
    });

    it('validates the body', async () => {
      const s = await newStudent(t, 'val', false);
      const bad = await t
        .http()
        .post('/users')
        .set(s.auth)
        .send({ email: s.email, userPhoto: 'javascript:alert(1)' })
        .expect(400);
      expect(bad.body.message).toContain('userPhoto');
      await t.http().post('/users').set(s.auth).send({ email: s.email, gender: 'robot' }).expect(400);
      await t
        .http()
        .post('/users')
        .set(s.auth)
        .send({ email: { $ne: null } })
        .expect(400);
    });
  });

  describe('GET /users (admin)', () => {
    it('lists every user for an admin', async () => {
      const res = await t.http().get('/users').set(admin.auth).expect(200);
      expect(res.body.length).toBeGreaterThanOrEqual(11);
      const mia = res.body.find((u: { email: string }) => u.email === MIA.email);
      expect(mia).toMatchObject({ _id: expect.any(String), userName: 'Mia Chen', gender: 'female' });
      expect(mia.role).toBeUndefined();
    });

    it('is refused to instructors and students (403) and without a token (401)', async () => {
      await t.http().get('/users').set(instructor.auth).expect(403);
      await t.http().get('/users').set(student.auth).expect(403);
      await t.http().get('/users').expect(401);
      await t.http().get('/users').set('Authorization', 'Bearer nonsense').expect(401);
    });
  });

  describe('public lists', () => {
    it('GET /users/admin lists the admins with public fields only', async () => {
      const res = await t.http().get('/users/admin').expect(200);
      expect(res.body).toHaveLength(3);
      for (const p of res.body) expect(Object.keys(p).sort()).toEqual(PERSON_KEYS);
      expect(res.body.map((p: { email: string }) => p.email)).toContain(ADMIN.email);
    });

    it('GET /instructors lists the six instructors with public fields only', async () => {
      const res = await t.http().get('/instructors').expect(200);
      expect(res.body).toHaveLength(6);
      for (const p of res.body) expect(Object.keys(p).sort()).toEqual(PERSON_KEYS);
    });

    it('GET /users/popular lists 6 instructors by students in their approved classes, highest first', async () => {
      const res = await t.http().get('/users/popular').expect(200);
      expect(res.body).toHaveLength(6);
      for (const p of res.body) expect(Object.keys(p).sort()).toEqual(PERSON_KEYS);
      // Seed: Jordan 19+8+4, Sam 22+3, Avery 16+5, Drew 14, Quinn 11, Jamie 9 (pending/denied classes do not count).
      expect(res.body.map((p: { email: string }) => p.email.split('@')[0])).toEqual([
        'jordan',
        'sam',
        'avery',
        'drew',
        'quinn',
        'jamie',
      ]);
    });
  });

  describe('role checks', () => {
    it('GET /users/admin/:email and /users/instructors/:email answer for the caller', async () => {
      expect((await t.http().get(`/users/admin/${ADMIN.email}`).set(admin.auth).expect(200)).body).toEqual({
        admin: true,
      });
      expect((await t.http().get(`/users/instructors/${ADMIN.email}`).set(admin.auth).expect(200)).body).toEqual({
        instructor: false,
      });
      expect((await t.http().get(`/users/instructors/${JORDAN.email}`).set(instructor.auth).expect(200)).body).toEqual({
        instructor: true,
      });
      expect(
        (await t.http().get(`/users/admin/${MIA.email.toUpperCase()}`).set(student.auth).expect(200)).body,
      ).toEqual({ admin: false });
    });

    it("refuses another person's e-mail with 403 and no token with 401", async () => {
      await t.http().get(`/users/admin/${ADMIN.email}`).set(student.auth).expect(403);
      await t.http().get(`/users/instructors/${JORDAN.email}`).set(student.auth).expect(403);
      await t.http().get(`/users/admin/${ADMIN.email}`).expect(401);
    });
  });

  describe('PATCH /users/admin/:id and /users/instructors/:id', () => {
    it('lets an admin promote a student; the new role applies on the very next request', async () => {
      const s = await newStudent(t, 'promoted');
      const id = (await t.db().collection('users').findOne({ email: s.email }))!._id.toString();
      await t
        .http()
        .post('/classes')
        .set(s.auth)
        .send({ className: 'X', classImage: 'http://x.dev/a.svg', seats: 1, price: 1 })
        .expect(403);
      const res = await t.http().patch(`/users/instructors/${id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ matchedCount: 1, modifiedCount: 1 });
      expect((await t.http().get(`/users/instructors/${s.email}`).set(s.auth).expect(200)).body).toEqual({
        instructor: true,
      });
      await t
        .http()
        .post('/classes')
        .set(s.auth)
        .send({ className: 'X', classImage: 'http://x.dev/a.svg', seats: 1, price: 1 })
        .expect(201);
      // Public lists follow at once (cache invalidated by the write).
      const instructors = await t.http().get('/instructors').expect(200);
      expect(instructors.body.map((p: { email: string }) => p.email)).toContain(s.email);

      const admin2 = await t.http().patch(`/users/admin/${id}`).set(admin.auth).expect(200);
      expect(admin2.body).toEqual({ matchedCount: 1, modifiedCount: 1 });
      expect((await t.http().get(`/users/admin/${s.email}`).set(s.auth).expect(200)).body).toEqual({ admin: true });
    });

    it('closes self-promotion: a student cannot make themself admin', async () => {
      const s = await newStudent(t, 'climber');
      const id = (await t.db().collection('users').findOne({ email: s.email }))!._id.toString();
      await t.http().patch(`/users/admin/${id}`).set(s.auth).expect(403);
      await t.http().patch(`/users/instructors/${id}`).set(s.auth).expect(403);
      await t.http().patch(`/users/admin/${id}`).set(instructor.auth).expect(403);
      await t.http().patch(`/users/admin/${id}`).expect(401);
      expect((await t.db().collection('users').findOne({ email: s.email }))?.role).toBeUndefined();
    });

    it('does not let an admin change their own role (the site could lose its last admin)', async () => {
      const me = (await t.db().collection('users').findOne({ email: ADMIN.email }))!._id.toString();
      const res = await t.http().patch(`/users/instructors/${me}`).set(admin.auth).expect(403);
      expect(res.body.message).toBe('You cannot change your own role');
      expect((await t.http().get(`/users/admin/${ADMIN.email}`).set(admin.auth).expect(200)).body).toEqual({
        admin: true,
      });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const res = await t.http().patch('/users/admin/0123456789abcdef01234567').set(admin.auth).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'User not found', error: 'Not Found' });
      await t.http().patch('/users/admin/not-an-id').set(admin.auth).expect(400);
      await t.http().patch('/users/admin/%7B%22%24gt%22%3A%22%22%7D').set(admin.auth).expect(400);
    });
  });

  describe('admin takeover through the public admin list', () => {
    it('knowing an admin e-mail from GET /users/admin does not yield a token for it', async () => {
      const admins = await t.http().get('/users/admin').expect(200);
      const target = admins.body[0].email as string;
      // Signing up with that e-mail is impossible (the account exists), and another account's token is refused.
      await expect(signUp(target)).rejects.toThrow(/EMAIL_EXISTS/);
      const mine = uniqueEmail('attacker');
      const idToken = await signUp(mine);
      await t.http().post('/jwt').set('Authorization', `Bearer ${idToken}`).send({ email: target }).expect(403);
      // An API token of one's own grants nothing on admin routes.
      const token = await apiToken(t, mine, idToken);
      await t.http().get('/users').set('Authorization', `Bearer ${token}`).expect(403);
      await t.http().get('/all-classes').set('Authorization', `Bearer ${token}`).expect(403);
    });
  });
});
