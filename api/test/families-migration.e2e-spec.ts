import { Types } from 'mongoose';
import { ADMIN } from './support/demo';
import { confirmCard, freshClass, ledgerDrifts, openIntent, recordPayment } from './support/payments';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

// A database from before families: the unique keys of selections, payments and waitlist entries were (student,
// class). A student's rows there have no camperId. Booting this version keeps every row, as the account holder's
// ("Myself"), and widens the keys so a camper of the same account can take a seat of the same class.
describe('families migration: rows from before campers are the account holder’s', () => {
  let before: TestApp;
  let after: TestApp;
  let admin: Session;
  let student: Session;
  let paidClass: string;
  let selectedClass: string;
  let fullClass: string;

  const indexNames = async (t: TestApp, collection: string) =>
    (await t.db().collection(collection).indexes()).map((i) => i.name);

  beforeAll(async () => {
    before = await startTestApp({ seed: true, env: { PAYMENT_SETTLE_DELAY_SECONDS: '0' } });
    admin = await signInAs(before, ADMIN.email, ADMIN.password);
    student = await newStudent(before, 'veteran');
    paidClass = await freshClass(before, admin, 3);
    selectedClass = await freshClass(before, admin, 3);
    fullClass = await freshClass(before, admin, 1);
    const selectionId = (
      await before.http().post('/classes/selected').set(student.auth).send({ classId: paidClass }).expect(201)
    ).body.insertedId as string;
    const p = await openIntent(before, student, selectionId);
    await confirmCard(before, student, p.clientSecret).expect(200);
    await recordPayment(before, student, { intentId: p.intentId, selectionId }, paidClass).expect(201);
    await before.http().post('/classes/selected').set(student.auth).send({ classId: selectedClass }).expect(201);
    const other = await newStudent(before, 'seatholder');
    const otherSel = (
      await before.http().post('/classes/selected').set(other.auth).send({ classId: fullClass }).expect(201)
    ).body.insertedId as string;
    const q = await openIntent(before, other, otherSel);
    await confirmCard(before, other, q.clientSecret).expect(200);
    await recordPayment(before, other, { intentId: q.intentId, selectionId: otherSel }, fullClass).expect(201);
    await before.http().post(`/waitlist/${fullClass}`).set(student.auth).expect(201);

    // Put the old unique keys back, as a database from before this change has them.
    const db = before.db();
    for (const [collection, widened, old] of [
      ['selections', 'studentEmail_1_classId_1_camperId_1', { studentEmail: 1, classId: 1 }],
      ['payments', 'email_1_classId_1_camperId_1', { email: 1, classId: 1 }],
      ['waitlist_entries', 'classId_1_studentEmail_1_camperId_1', { classId: 1, studentEmail: 1 }],
    ] as const) {
      await db.collection(collection).dropIndex(widened);
      await db.collection(collection).createIndex(old, { unique: true });
    }
    for (const [collection, field] of [
      ['selections', 'studentEmail'],
      ['payments', 'email'],
      ['waitlist_entries', 'studentEmail'],
    ]) {
      const docs = await db
        .collection(collection)
        .find({ [field]: student.email })
        .toArray();
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.every((d) => !('camperId' in d))).toBe(true);
    }

    // This version boots on that database.
    after = await startTestApp({ env: { PAYMENT_SETTLE_DELAY_SECONDS: '0', MONGODB_URI: before.config.mongodbUri } });
  });
  afterAll(async () => {
    await after?.app.close();
    await before.close();
  });

  it('replaces the old unique keys with the widened ones at boot', async () => {
    expect(await indexNames(after, 'selections')).toEqual(
      expect.arrayContaining(['studentEmail_1_classId_1_camperId_1']),
    );
    expect(await indexNames(after, 'selections')).not.toContain('studentEmail_1_classId_1');
    expect(await indexNames(after, 'payments')).not.toContain('email_1_classId_1');
    expect(await indexNames(after, 'payments')).toContain('email_1_classId_1_camperId_1');
    expect(await indexNames(after, 'waitlist_entries')).not.toContain('classId_1_studentEmail_1');
    expect(await indexNames(after, 'waitlist_entries')).toContain('classId_1_studentEmail_1_camperId_1');
  });

  it('keeps every selection, enrolment and waitlist place, as the account holder’s', async () => {
    const selected = await after.http().get(`/classes/selected/${student.email}`).set(student.auth).expect(200);
    expect(selected.body).toEqual([expect.objectContaining({ classId: selectedClass })]);
    expect(selected.body[0]).not.toHaveProperty('camperId');
    const enrolled = await after.http().get(`/payments/enrolled/${student.email}`).set(student.auth).expect(200);
    expect(enrolled.body).toEqual([expect.objectContaining({ classId: paidClass })]);
    expect(enrolled.body[0]).not.toHaveProperty('camperId');
    const places = await after.http().get(`/waitlist/places/${student.email}`).set(student.auth).expect(200);
    expect(places.body).toEqual([{ classId: fullClass, position: 1, state: 'waiting' }]);

    // "Myself" is still the one who selected, paid and waits.
    expect(
      (await after.http().post('/classes/selected').set(student.auth).send({ classId: selectedClass }).expect(409)).body
        .message,
    ).toBe('You have already selected this class');
    expect(
      (await after.http().post('/classes/selected').set(student.auth).send({ classId: paidClass }).expect(409)).body
        .message,
    ).toBe('You are already enrolled in this class');
    expect((await after.http().post(`/waitlist/${fullClass}`).set(student.auth).expect(409)).body.message).toBe(
      'You are already on the waitlist of this class',
    );
  });

  it('lets a camper of the same account take a seat of the same class afterwards', async () => {
    const camperId = (
      await after
        .http()
        .post('/campers')
        .set(student.auth)
        .send({
          name: 'Junior',
          dateOfBirth: '2017-06-01',
          emergencyContact: 'Veteran',
          emergencyPhone: '555 010 0123',
        })
        .expect(201)
    ).body._id as string;
    const selectionId = (
      await after.http().post('/classes/selected').set(student.auth).send({ classId: paidClass, camperId }).expect(201)
    ).body.insertedId as string;
    const p = await openIntent(after, student, selectionId);
    await confirmCard(after, student, p.clientSecret).expect(200);
    await recordPayment(after, student, { intentId: p.intentId, selectionId }, paidClass).expect(201);
    await after.http().post(`/waitlist/${fullClass}`).set(student.auth).send({ camperId }).expect(201);
    const payments = await after
      .db()
      .collection('payments')
      .find({ classId: new Types.ObjectId(paidClass) })
      .toArray();
    expect(payments.map((x) => x.camperId ?? null).sort()).toEqual([camperId, null].sort());
    expect(await ledgerDrifts(after)).toEqual([]);
  });
});
