import { Types } from 'mongoose';
import { ADMIN, JORDAN } from './support/demo';
import { CARDS, confirmCard, intentAskedBy, paymentBody, recordPayment, selectAndOpenIntent } from './support/payments';
import { newStudent, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

describe('payments (test-mode sandbox gateway)', () => {
  let t: TestApp;
  let admin: Session;
  let instructor: Session;

  const classOf = async (className: string) => (await t.db().collection('classes').findOne({ className }))!;
  const classById = async (id: string) =>
    (await t
      .db()
      .collection('classes')
      .findOne({ _id: new Types.ObjectId(id) }))!;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [admin, instructor] = await signInDemo(t, ADMIN, JORDAN);
  });
  afterAll(() => t.close());

  it('pays for a selected class: intent for the database price, card confirmed, enrolled, seat taken, selection removed', async () => {
    const s = await newStudent(t, 'payer');
    const cls = await classOf('Swimming Lessons');
    const classId = cls._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    // A class with no discount or plan is paid in full at its price, as before.
    expect(p.body).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      amount: 110,
      currency: 'usd',
      quote: {
        lines: [
          { kind: 'price', label: 'Price', amount: 110 },
          { kind: 'total', label: 'Total', amount: 110 },
        ],
        total: 110,
        plan: 'full',
        dueNow: 110,
        creditUsed: 0,
      },
      offers: { full: 110, credit: 0 },
    });

    const confirmed = await confirmCard(t, s, p.clientSecret).expect(200);
    expect(confirmed.body).toEqual({
      paymentIntent: { id: p.intentId, status: 'succeeded', amount: 11000, currency: 'usd' },
    });

    const res = await recordPayment(t, s, p, classId).expect(201);
    expect(res.body).toEqual({
      insertResult: { insertedId: expect.stringMatching(/^[a-f0-9]{24}$/) },
      deleteResult: { deletedCount: 1 },
      alreadyRecorded: false,
    });

    const after = await classById(classId);
    expect([after.seats, after.enrolled]).toEqual([cls.seats - 1, cls.enrolled + 1]);
    expect((await t.http().get(`/classes/selected/${s.email}`).set(s.auth).expect(200)).body).toEqual([]);

    const enrolled = await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200);
    expect(enrolled.body).toEqual([
      {
        _id: res.body.insertResult.insertedId,
        className: 'Swimming Lessons',
        transactionId: p.intentId,
        price: 110,
        date: expect.any(String),
        status: 'service pending',
        classId,
        // The demo class is dated: its schedule, and the end of its cancellation window (48 hours before it starts).
        startDate: after.startDate.toISOString(),
        sessions: after.sessions,
        cancelUntil: new Date(after.startDate.getTime() - 48 * 3600_000).toISOString(),
        // The breakdown it was paid at: the price alone.
        lines: [
          { kind: 'price', label: 'Price', amount: 110 },
          { kind: 'total', label: 'Total', amount: 110 },
        ],
      },
    ]);
    // The public list shows the new seat count at once.
    const pub = await t.http().get('/classes').expect(200);
    expect(pub.body.find((c: { _id: string }) => c._id === classId).seats).toBe(cls.seats - 1);
  });

  it('closes the seed flaw: the price sent by the browser is ignored (intent and record use the database price)', async () => {
    const s = await newStudent(t, 'cheap');
    const classId = (await classOf('Gymnastics Basics'))._id.toString();
    const selected = await t.http().post('/classes/selected').set(s.auth).send({ classId, price: 1 }).expect(201);
    const intent = await t
      .http()
      .post('/create-payment-intent')
      .set(s.auth)
      .send({ selectionId: selected.body.insertedId, price: 1 })
      .expect(200);
    expect(intent.body.amount).toBe(140);
    const confirmed = await confirmCard(t, s, intent.body.clientSecret).expect(200);
    expect(confirmed.body.paymentIntent.amount).toBe(14000);
    await recordPayment(
      t,
      s,
      { intentId: intent.body.paymentIntentId, selectionId: selected.body.insertedId },
      classId,
      { price: 1 },
    ).expect(201);
    const [record] = (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body;
    expect(record.price).toBe(140);
  });

  it('shows the card decline messages of the test cards and enrols nobody', async () => {
    const s = await newStudent(t, 'declined');
    const classId = (await classOf('Volleyball Clinic'))._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    const declined = await confirmCard(t, s, p.clientSecret, CARDS.declined).expect(402);
    expect(declined.body).toEqual({
      statusCode: 402,
      message: 'Your card was declined.',
      error: 'Payment Required',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    const poor = await confirmCard(t, s, p.clientSecret, CARDS.insufficient).expect(402);
    expect(poor.body).toMatchObject({
      message: 'Your card has insufficient funds.',
      declineCode: 'insufficient_funds',
    });
    const typo = await confirmCard(t, s, p.clientSecret, '4242 4242 4242 4241').expect(402);
    expect(typo.body).toMatchObject({ message: 'Your card number is incorrect.', code: 'incorrect_number' });

    // Declined intent cannot be recorded.
    const res = await recordPayment(t, s, p, classId).expect(402);
    expect(res.body.message).toBe('This payment has not succeeded');
    expect((await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body).toEqual([]);

    // Then a good card works on the same intent.
    await confirmCard(t, s, p.clientSecret, CARDS.ok).expect(200);
    await recordPayment(t, s, p, classId).expect(201);
  });

  it('closes the seed flaw: a made-up or unpaid transaction id enrols nobody', async () => {
    const s = await newStudent(t, 'freeloader');
    const cls = await classOf('Baseball Skills Camp');
    const classId = cls._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    const madeUp = await recordPayment(t, s, { ...p, intentId: 'pi_made_up_123' }, classId).expect(402);
    expect(madeUp.body).toEqual({ statusCode: 402, message: 'Unknown transaction', error: 'Payment Required' });
    await recordPayment(t, s, { ...p, intentId: 'not-an-intent' }, classId).expect(400);
    await recordPayment(t, s, p, classId).expect(402); // never confirmed
    const after = await classById(classId);
    expect([after.seats, after.enrolled]).toEqual([cls.seats, cls.enrolled]);
  });

  it("closes the seed flaw: another student's paid intent cannot be recorded by someone else", async () => {
    const [payer, thief] = await Promise.all([newStudent(t, 'owner'), newStudent(t, 'thief')]);
    const classId = (await classOf('Soccer Fundamentals'))._id.toString();
    const p = await selectAndOpenIntent(t, payer, classId);
    await confirmCard(t, payer, p.clientSecret).expect(200);
    await confirmCard(t, thief, p.clientSecret).expect(404);
    await recordPayment(t, thief, p, classId).expect(402);
    await t
      .http()
      .post('/payments')
      .set(thief.auth)
      .send(paymentBody(payer, p, classId))
      .expect(403);
    await t.http().get(`/payments/enrolled/${payer.email}`).set(thief.auth).expect(403);
    await recordPayment(t, payer, p, classId).expect(201);
  });

  it('closes the seed flaw: paying twice. A retried call returns the first result; a second payment is refused', async () => {
    const s = await newStudent(t, 'twice');
    const cls = await classOf('Badminton Rally School');
    const classId = cls._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    await confirmCard(t, s, p.clientSecret).expect(200);
    const first = await recordPayment(t, s, p, classId).expect(201);
    const retry = await recordPayment(t, s, p, classId).expect(200);
    expect(retry.body.insertResult).toEqual(first.body.insertResult);
    expect(retry.body.alreadyRecorded).toBe(true);
    expect((await classById(classId)).enrolled).toBe(cls.enrolled + 1);

    // Selecting or opening a new intent for a class already paid for is refused.
    const again = await t.http().post('/classes/selected').set(s.auth).send({ classId }).expect(409);
    expect(again.body.message).toBe('You are already enrolled in this class');
    expect((await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body).toHaveLength(1);
  });

  it('reuses the open intent when the payment page asks again', async () => {
    const s = await newStudent(t, 'reload');
    const classId = (await classOf('Soccer Fundamentals'))._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    const again = await t
      .http()
      .post('/create-payment-intent')
      .set(s.auth)
      .send({ selectionId: p.selectionId })
      .expect(200);
    expect(again.body.paymentIntentId).toBe(p.intentId);
    await confirmCard(t, s, p.clientSecret).expect(200);
    await recordPayment(t, s, p, classId).expect(201);
    // The selection is gone once paid.
    await t.http().post('/create-payment-intent').set(s.auth).send({ selectionId: p.selectionId }).expect(404);
  });

  it('closes the seed flaw: paying twice for one class with two charged cards (two tabs) refunds the second with 409', async () => {
    const s = await newStudent(t, 'tabs');
    const cls = await classOf('Volleyball Clinic');
    const classId = cls._id.toString();
    const tab1 = await selectAndOpenIntent(t, s, classId);
    await confirmCard(t, s, tab1.clientSecret).expect(200);
    // The student removes and re-selects the class in another tab, and pays there too.
    await t.http().delete(`/classes/selected/${tab1.selectionId}`).set(s.auth).expect(200);
    const tab2 = await selectAndOpenIntent(t, s, classId);
    expect(tab2.intentId).not.toBe(tab1.intentId);
    await confirmCard(t, s, tab2.clientSecret).expect(200);

    await recordPayment(t, s, tab1, classId).expect(201);
    const second = await recordPayment(t, s, tab2, classId).expect(409);
    expect(second.body.message).toBe('You have already paid for this class; this payment has been refunded');
    expect((await t.db().collection('sandbox_payment_intents').findOne({ intentId: tab2.intentId }))?.refunded).toBe(
      true,
    );
    expect((await classById(classId)).enrolled).toBe(cls.enrolled + 1);
    expect((await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body).toHaveLength(1);
  });

  it('lists enrolled payments newest first, for the caller only', async () => {
    const s = await newStudent(t, 'history');
    for (const name of ['Volleyball Clinic', 'Soccer Fundamentals']) {
      const classId = (await classOf(name))._id.toString();
      const p = await selectAndOpenIntent(t, s, classId);
      await confirmCard(t, s, p.clientSecret).expect(200);
      await recordPayment(t, s, p, classId).expect(201);
    }
    const res = await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200);
    expect(res.body.map((p: { className: string }) => p.className)).toEqual([
      'Soccer Fundamentals',
      'Volleyball Clinic',
    ]);
    await t.http().get(`/payments/enrolled/${s.email}`).expect(401);
  });

  it('is for students only', async () => {
    await intentAskedBy(t, admin).expect(403);
    await intentAskedBy(t, instructor).expect(403);
    await t.http().post('/create-payment-intent').send({ selectionId: '0123456789abcdef01234567' }).expect(401);
    await t.http().post('/payments').set(instructor.auth).send({ transactionId: 'pi_x' }).expect(403);
    await t.http().get(`/payments/enrolled/${JORDAN.email}`).set(instructor.auth).expect(403);
    await t
      .http()
      .post('/payments/sandbox/confirm')
      .set(admin.auth)
      .send({ clientSecret: 'pi_a_secret_b', cardNumber: CARDS.ok, expMonth: 1, expYear: 2040, cvc: '123' })
      .expect(403);
  });

  it('refunds and refuses with 409 when the class sold out after the card was charged', async () => {
    const [a, b] = await Promise.all([newStudent(t, 'first'), newStudent(t, 'second')]);
    const cls = await classOf('Baseball Skills Camp');
    const classId = cls._id.toString();
    await t
      .db()
      .collection('classes')
      .updateOne({ _id: cls._id }, { $set: { seats: 1 } });
    const pa = await selectAndOpenIntent(t, a, classId);
    const pb = await selectAndOpenIntent(t, b, classId);
    await confirmCard(t, a, pa.clientSecret).expect(200);
    await confirmCard(t, b, pb.clientSecret).expect(200);
    await recordPayment(t, a, pa, classId).expect(201);
    const late = await recordPayment(t, b, pb, classId).expect(409);
    expect(late.body.message).toBe('This class is sold out; your payment has been refunded');
    const intent = await t.db().collection('sandbox_payment_intents').findOne({ intentId: pb.intentId });
    expect(intent?.refunded).toBe(true);
    // A refunded intent is decided: a later call gets the same answer, even if a seat frees up.
    await t
      .db()
      .collection('classes')
      .updateOne({ _id: cls._id }, { $set: { seats: 1 } });
    const again = await recordPayment(t, b, pb, classId).expect(409);
    expect(again.body.message).toBe('This class is sold out; your payment has been refunded');
    expect((await classById(classId)).seats).toBe(1);
  });

  it('refunds and refuses with 409 when the class went back to review after the card was charged', async () => {
    const s = await newStudent(t, 'edited');
    const cls = await classOf('Track and Field Athletics');
    const classId = cls._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    await confirmCard(t, s, p.clientSecret).expect(200);
    await t
      .http()
      .patch(`/classes/${classId}`)
      .set(instructor.auth)
      // A real change: a save that changes nothing leaves the class approved.
      .send({ classImage: `${cls.classImage}?v=2` })
      .expect(200);
    const res = await recordPayment(t, s, p, classId).expect(409);
    expect(res.body.message).toBe('This class is no longer offered; your payment has been refunded');
    expect((await t.db().collection('sandbox_payment_intents').findOne({ intentId: p.intentId }))?.refunded).toBe(true);
    expect((await classById(classId)).seats).toBe(cls.seats);
  });

  it('30 students paying for the same 10-seat class at once: exactly 10 enrolments, seats end at 0, 20 clean refusals', async () => {
    const classId = (
      await t
        .http()
        .post('/classes')
        .set(instructor.auth)
        .send({
          className: 'Rush Hour Soccer',
          classImage: 'http://localhost:3000/images/classes/soccer.svg',
          seats: 10,
          price: 50,
        })
        .expect(201)
    ).body.insertedId as string;
    await t.http().patch(`/classes/status/${classId}`).set(admin.auth).send({ status: 'approved' }).expect(200);

    const students = await Promise.all(Array.from({ length: 30 }, (_, i) => newStudent(t, `rush${i}`)));
    const intents = await Promise.all(students.map((s) => selectAndOpenIntent(t, s, classId)));
    await Promise.all(students.map((s, i) => confirmCard(t, s, intents[i].clientSecret).expect(200)));

    const results = await Promise.all(students.map((s, i) => recordPayment(t, s, intents[i], classId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(10);
    expect(statuses.filter((x) => x === 409)).toHaveLength(20);
    expect(statuses.filter((x) => x >= 500)).toHaveLength(0);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe('This class is sold out; your payment has been refunded');

    const cls = await classById(classId);
    expect([cls.seats, cls.enrolled]).toEqual([0, 10]);
    expect(
      await t
        .db()
        .collection('payments')
        .countDocuments({ classId: new Types.ObjectId(classId) }),
    ).toBe(10);
    expect(
      await t
        .db()
        .collection('sandbox_payment_intents')
        .countDocuments({ 'metadata.classId': classId, refunded: true }),
    ).toBe(20);
  });
});
