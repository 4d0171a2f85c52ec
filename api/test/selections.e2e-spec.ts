import { ADMIN, JORDAN } from './support/demo';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

describe('selections', () => {
  let t: TestApp;
  let admin: Session;
  let instructor: Session;
  let alice: Session;
  let bob: Session;

  const classId = async (className: string): Promise<string> =>
    (await t.db().collection('classes').findOne({ className }))!._id.toString();

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [admin, instructor, alice, bob] = await Promise.all([
      signInAs(t, ADMIN.email, ADMIN.password),
      signInAs(t, JORDAN.email, JORDAN.password),
      newStudent(t, 'alice'),
      newStudent(t, 'bob'),
    ]);
  });
  afterAll(() => t.close());

  it('stores a selection from the class in the database, not from the body (browser price ignored)', async () => {
    const id = await classId('Soccer Fundamentals');
    const res = await t
      .http()
      .post('/classes/selected')
      .set(alice.auth)
      .send({
        classId: id,
        className: 'Cheap Soccer',
        instructorName: 'Me',
        seats: 999,
        studentEmail: alice.email,
        price: 0.01,
      })
      .expect(201);
    expect(res.body).toEqual({ insertedId: expect.stringMatching(/^[a-f0-9]{24}$/) });

    const list = await t.http().get(`/classes/selected/${alice.email}`).set(alice.auth).expect(200);
    expect(list.body).toEqual([
      {
        _id: res.body.insertedId,
        classId: id,
        className: 'Soccer Fundamentals',
        instructorName: 'Jordan Lee',
        seats: 12,
        studentEmail: alice.email,
        price: 120,
      },
    ]);
    const forPayment = await t.http().get(`/classes/payment/${res.body.insertedId}`).set(alice.auth).expect(200);
    expect(forPayment.body).toMatchObject({ _id: res.body.insertedId, price: 120, className: 'Soccer Fundamentals' });
  });

  it('refuses a second selection of the same class with 409', async () => {
    const id = await classId('Soccer Fundamentals');
    const res = await t.http().post('/classes/selected').set(alice.auth).send({ classId: id }).expect(409);
    expect(res.body).toEqual({ statusCode: 409, message: 'You have already selected this class', error: 'Conflict' });
  });

  it('refuses full, pending and unknown classes', async () => {
    expect(
      (
        await t
          .http()
          .post('/classes/selected')
          .set(alice.auth)
          .send({ classId: await classId('Tennis Camp') })
          .expect(409)
      ).body.message,
    ).toBe('This class is full');
    await t
      .http()
      .post('/classes/selected')
      .set(alice.auth)
      .send({ classId: await classId('Table Tennis Spin School') })
      .expect(404);
    await t.http().post('/classes/selected').set(alice.auth).send({ classId: '0123456789abcdef01234567' }).expect(404);
    await t.http().post('/classes/selected').set(alice.auth).send({ classId: 'nope' }).expect(400);
    await t
      .http()
      .post('/classes/selected')
      .set(alice.auth)
      .send({ classId: { $gt: '' } })
      .expect(400);
  });

  it('is for students only: admins and instructors get 403, no token 401', async () => {
    const id = await classId('Swimming Lessons');
    await t.http().post('/classes/selected').set(admin.auth).send({ classId: id }).expect(403);
    await t.http().post('/classes/selected').set(instructor.auth).send({ classId: id }).expect(403);
    await t.http().post('/classes/selected').send({ classId: id }).expect(401);
    await t.http().get(`/classes/selected/${JORDAN.email}`).set(instructor.auth).expect(403);
  });

  it("closes the seed flaw: another student's selections cannot be listed, read, deleted or created", async () => {
    const id = await classId('Swimming Lessons');
    await t.http().post('/classes/selected').set(bob.auth).send({ classId: id, studentEmail: alice.email }).expect(403);
    await t.http().get(`/classes/selected/${alice.email}`).set(bob.auth).expect(403);
    await t.http().get(`/classes/selected/${alice.email}`).expect(401);

    const [aliceSelection] = (await t.http().get(`/classes/selected/${alice.email}`).set(alice.auth).expect(200)).body;
    await t.http().get(`/classes/payment/${aliceSelection._id}`).set(bob.auth).expect(404);
    await t.http().delete(`/classes/selected/${aliceSelection._id}`).set(bob.auth).expect(404);
    expect((await t.http().get(`/classes/selected/${alice.email}`).set(alice.auth).expect(200)).body).toHaveLength(1);
  });

  it('deletes the own selection: { deletedCount: 1 }, then 404', async () => {
    const [s] = (await t.http().get(`/classes/selected/${alice.email}`).set(alice.auth).expect(200)).body;
    expect((await t.http().delete(`/classes/selected/${s._id}`).set(alice.auth).expect(200)).body).toEqual({
      deletedCount: 1,
    });
    await t.http().delete(`/classes/selected/${s._id}`).set(alice.auth).expect(404);
    await t.http().delete('/classes/selected/bad-id').set(alice.auth).expect(400);
    expect((await t.http().get(`/classes/selected/${alice.email}`).set(alice.auth).expect(200)).body).toEqual([]);
  });
});
