import { ADMIN, JORDAN, MIA } from './support/demo';
import { newStudent, signInAs, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

describe('GET /me', () => {
  let t: TestApp;
  let admin: Session;
  let instructor: Session;
  let student: Session;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [admin, instructor, student] = await signInDemo(t, ADMIN, JORDAN, MIA);
  });
  afterAll(() => t.close());

  it("answers the signed-in caller's e-mail, role, name and photo, never to be cached", async () => {
    const res = await t.http().get('/me').set(student.auth).expect(200);
    expect(res.body).toEqual({
      email: MIA.email,
      role: 'student',
      displayName: 'Mia Chen',
      // The photo the site holds (the seed's artwork), at its own URL.
      photoURL: expect.stringMatching(/^https?:\/\/.+\/pictures\/[a-f0-9]{32}\/960\.jpg$/),
      pictureId: expect.stringMatching(/^[a-f0-9]{32}$/),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the role the API decides with: admin and instructor', async () => {
    const [asAdmin, asInstructor] = await Promise.all([
      t.http().get('/me').set(admin.auth).expect(200),
      t.http().get('/me').set(instructor.auth).expect(200),
    ]);
    expect(asAdmin.body).toMatchObject({ email: ADMIN.email, role: 'admin', displayName: 'Alex Morgan' });
    expect(asInstructor.body).toMatchObject({ email: JORDAN.email, role: 'instructor', displayName: 'Jordan Lee' });
  });

  it('an account not registered yet is a student with no name or photo', async () => {
    const s = await newStudent(t, 'unregistered', false);
    const res = await t.http().get('/me').set(s.auth).expect(200);
    expect(res.body).toEqual({ email: s.email, role: 'student', displayName: null, photoURL: null, pictureId: null });
  });

  it('answers 401 without a token, with a bad one, and with only the session cookie', async () => {
    await t.http().get('/me').expect(401);
    await t.http().get('/me').set('Authorization', 'Bearer not-a-token').expect(401);
    await t.http().get('/me').set('Cookie', `sportify_session=${student.token}`).expect(401);
  });

  it('answers 401 once the token has been revoked by a logout', async () => {
    const s = await signInAs(t, MIA.email, MIA.password);
    await t.http().get('/me').set(s.auth).expect(200);
    await t.http().post('/logout').set(s.auth).expect(204);
    await t.http().get('/me').set(s.auth).expect(401);
  });
});

describe('PATCH /me', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("changes the caller's own name, seen by GET /me and on the admin's user list", async () => {
    const s = await newStudent(t, 'rename');
    const res = await t.http().patch('/me').set(s.auth).send({ userName: '  Sam Rivers ' }).expect(200);
    expect(res.body).toMatchObject({ email: s.email, role: 'student', displayName: 'Sam Rivers' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.http().get('/me').set(s.auth).expect(200)).body.displayName).toBe('Sam Rivers');
    const [admin] = await signInDemo(t, ADMIN);
    const users = (await t.http().get('/users').set(admin.auth).expect(200)).body as {
      email: string;
      userName: string;
    }[];
    expect(users.find((u) => u.email === s.email)?.userName).toBe('Sam Rivers');
  });

  it('refuses nothing to change, an empty name, a role and an e-mail, with a clear 400', async () => {
    const s = await newStudent(t, 'refused');
    expect((await t.http().patch('/me').set(s.auth).send({}).expect(400)).body.message).toBe(
      'Give a name, a photo URL or an uploaded picture to change',
    );
    expect((await t.http().patch('/me').set(s.auth).send({ userName: '   ' }).expect(400)).body.message).toBe(
      'Name is required',
    );
    await t.http().patch('/me').set(s.auth).send({ userName: 'X', role: 'admin' }).expect(400);
    await t.http().patch('/me').set(s.auth).send({ userName: 'X', email: MIA.email }).expect(400);
    await t.http().patch('/me').set(s.auth).send({ pictureId: 'not-an-id' }).expect(400);
    expect((await t.http().get('/me').set(s.auth).expect(200)).body).toMatchObject({ role: 'student', email: s.email });
  });

  it('answers 404 before the caller has registered, and 401 without a token', async () => {
    const s = await newStudent(t, 'unregistered-patch', false);
    await t.http().patch('/me').set(s.auth).send({ userName: 'Nobody' }).expect(404);
    await t.http().patch('/me').send({ userName: 'Nobody' }).expect(401);
  });
});
