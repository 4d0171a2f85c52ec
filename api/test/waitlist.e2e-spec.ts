import { Types } from 'mongoose';
import { WaitlistSweeper } from '../src/waitlist/waitlist-sweeper.service';
import { ADMIN, JORDAN } from './support/demo';
import {
  atProvider,
  confirmCard,
  deliver,
  freshClass,
  ledgerDrifts,
  openIntent,
  paidIntent,
  recordPayment,
  refundEvent,
} from './support/payments';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

/** A student who paid for a seat of `classId` through the whole flow (select, intent, card, POST /payments). */
async function enrolled(t: TestApp, classId: string, prefix = 'enrolled') {
  const { s, p } = await paidIntent(t, classId, prefix);
  const recorded = await recordPayment(t, s, p, classId).expect(201);
  return { s, p, paymentId: recorded.body.insertResult.insertedId as string };
}

const classDoc = async (t: TestApp, id: string) =>
  (await t
    .db()
    .collection('classes')
    .findOne({ _id: new Types.ObjectId(id) }))!;

const seatsOf = async (t: TestApp, id: string) => {
  const c = await classDoc(t, id);
  return { seats: c.seats as number, enrolled: c.enrolled as number, held: (c.holds as string[]).length };
};

const join = (t: TestApp, s: Session, classId: string) => t.http().post(`/waitlist/${classId}`).set(s.auth);

const placeOf = async (t: TestApp, s: Session, classId: string) =>
  (
    (await t.http().get(`/waitlist/places/${s.email}?classIds=${classId}`).set(s.auth).expect(200)).body as {
      position: number;
      state: string;
      heldUntil?: string;
    }[]
  )[0];

const selectionsOf = async (t: TestApp, s: Session) =>
  (await t.http().get(`/classes/selected/${s.email}`).set(s.auth).expect(200)).body as {
    _id: string;
    classId: string;
    heldUntil?: string;
  }[];

/** Pays for the seat held for `s` the way the Payment page does: intent for the held selection, card, record. */
async function payHeld(t: TestApp, s: Session, classId: string) {
  const held = (await selectionsOf(t, s)).find((x) => x.classId === classId);
  expect(held?.heldUntil).toBeDefined();
  const p = await openIntent(t, s, held!._id);
  await confirmCard(t, s, p.clientSecret).expect(200);
  return recordPayment(t, s, { intentId: p.intentId, selectionId: held!._id }, classId).expect(201);
}

const refundAtProvider = async (t: TestApp, intentId: string, cents = 8000) => {
  await atProvider(t, intentId, { refunded: true, amountRefunded: cents });
  await deliver(t, refundEvent(t.config.stripeWebhookSecret, intentId, cents, cents)).expect(200);
};

/** The outbox's messages of a template to one student. */
const mailsTo = (t: TestApp, s: Session, template: string) =>
  t.db().collection('mail_outbox').find({ to: s.email, template }).toArray();

describe('waitlist: joining, offers of held seats, cancellation', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp({
      seed: true,
      env: { PAYMENT_SETTLE_DELAY_SECONDS: '0', WAITLIST_SWEEP_INTERVAL_SECONDS: '0' },
    });
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('join and leave: only students, only a full class, once, not while enrolled; leaving renumbers the rest', async () => {
    const classId = await freshClass(t, admin, 1);
    const early = await newStudent(t, 'early');
    expect((await join(t, early, classId).expect(409)).body.message).toBe(
      'This class has seats left: select it instead',
    );
    const { s: payer } = await enrolled(t, classId);

    const instructor = await signInAs(t, JORDAN.email, JORDAN.password);
    expect((await join(t, instructor, classId).expect(403)).body.message).toBe(
      'This action is only for student accounts',
    );
    await join(t, admin, classId).expect(403);
    await t.http().post(`/waitlist/${classId}`).expect(401);
    expect((await join(t, payer, classId).expect(409)).body.message).toBe('You are already enrolled in this class');
    await join(t, early, 'not-an-id').expect(400);
    await join(t, early, new Types.ObjectId().toString()).expect(404);

    const first = await join(t, early, classId).expect(201);
    expect(first.body).toMatchObject({ classId, position: 1, state: 'waiting' });
    expect((await join(t, early, classId).expect(409)).body.message).toBe(
      'You are already on the waitlist of this class',
    );
    const second = await newStudent(t, 'second');
    const third = await newStudent(t, 'third');
    expect((await join(t, second, classId).expect(201)).body.position).toBe(2);
    expect((await join(t, third, classId).expect(201)).body.position).toBe(3);

    await t.http().delete(`/waitlist/${classId}`).set(second.auth).expect(200, { deletedCount: 1 });
    expect(await placeOf(t, early, classId)).toMatchObject({ position: 1 });
    expect(await placeOf(t, third, classId)).toMatchObject({ position: 2 });
    expect(await placeOf(t, second, classId)).toBeUndefined();
    expect((await t.http().delete(`/waitlist/${classId}`).set(second.auth).expect(404)).body.message).toBe(
      'You are not on the waitlist of this class',
    );
    // Another student's list is not theirs to read.
    await t.http().get(`/waitlist/places/${early.email}`).set(third.auth).expect(403);

    // Demand: the class's instructor and admins see the length, other instructors nothing of it.
    const counts = await t.http().get(`/waitlist/counts?classIds=${classId}`).set(instructor.auth).expect(200);
    expect(counts.body.counts).toEqual({ [classId]: 2 });
    const sam = await signInAs(t, 'sam@sportify.camp', 'Coach@2026');
    expect((await t.http().get(`/waitlist/counts?classIds=${classId}`).set(sam.auth).expect(200)).body.counts).toEqual(
      {},
    );
    expect(
      (await t.http().get(`/waitlist/counts?classIds=${classId}`).set(admin.auth).expect(200)).body.counts,
    ).toEqual({ [classId]: 2 });
    await t.http().get(`/waitlist/counts?classIds=${classId}`).set(early.auth).expect(403);
    expect(await ledgerDrifts(t)).toEqual([]);
  });

  it('a refund frees the seat as a hold for the first in line, who pays for it and is enrolled; the second is now #1', async () => {
    const classId = await freshClass(t, admin, 1);
    const { p: paid } = await enrolled(t, classId);
    const w1 = await newStudent(t, 'first');
    const w2 = await newStudent(t, 'second');
    await join(t, w1, classId).expect(201);
    await join(t, w2, classId).expect(201);

    await refundAtProvider(t, paid.intentId);
    // The seat never went back to `seats`: it is held for w1.
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 0, held: 1 });
    const place = await placeOf(t, w1, classId);
    expect(place).toMatchObject({ position: 0, state: 'offered' });
    expect(new Date(place.heldUntil!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await placeOf(t, w2, classId)).toMatchObject({ position: 1, state: 'waiting' });
    const offerMails = await mailsTo(t, w1, 'waitlistOffer');
    expect(offerMails).toHaveLength(1);
    expect(offerMails[0].data).toMatchObject({ classId, until: place.heldUntil });
    expect(await mailsTo(t, w2, 'waitlistOffer')).toHaveLength(0);
    // Nobody else can take it: the class is full for everyone else.
    const other = await newStudent(t, 'other');
    await t.http().post('/classes/selected').set(other.auth).send({ classId }).expect(409);
    expect(await ledgerDrifts(t)).toEqual([]);

    await payHeld(t, w1, classId);
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 1, held: 0 });
    expect(await placeOf(t, w1, classId)).toBeUndefined();
    expect((await selectionsOf(t, w1)).filter((x) => x.classId === classId)).toEqual([]);
    expect(await placeOf(t, w2, classId)).toMatchObject({ position: 1, state: 'waiting' });
    expect(await ledgerDrifts(t)).toEqual([]);
  });

  it('a student cancels their own enrolment: the full price is refunded once and the seat is offered', async () => {
    const classId = await freshClass(t, admin, 1, 95);
    const { s, p, paymentId } = await enrolled(t, classId);
    const waiting = await newStudent(t, 'waiting');
    await join(t, waiting, classId).expect(201);

    // Only the owner: another student's enrolment is unknown to them.
    await t.http().post(`/payments/${paymentId}/cancel`).set(waiting.auth).expect(404);
    await t.http().post(`/payments/not-an-id/cancel`).set(s.auth).expect(400);

    const cancels = await Promise.all([1, 2, 3].map(() => t.http().post(`/payments/${paymentId}/cancel`).set(s.auth)));
    const ok = cancels.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok)
      expect(r.body).toEqual({
        cancelled: true,
        className: expect.any(String),
        refund: 95,
        refundState: 'refunded',
        refundTo: 'card',
        credit: 0,
      });
    for (const r of cancels.filter((x) => x.status !== 200)) expect(r.status).toBe(404);

    const intent = (await t.db().collection('sandbox_payment_intents').findOne({ intentId: p.intentId }))!;
    expect(intent).toMatchObject({ refunded: true, amount: 9500 });
    expect(await t.db().collection('payment_settlements').findOne({ intentId: p.intentId })).toMatchObject({
      state: 'refunded',
      reason: 'cancelled',
    });
    expect((await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body).toEqual([]);
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 0, held: 1 });
    expect(await placeOf(t, waiting, classId)).toMatchObject({ position: 0, state: 'offered' });

    // The provider's refund event that follows changes nothing more.
    await deliver(t, refundEvent(t.config.stripeWebhookSecret, p.intentId, 9500, 9500)).expect(200);
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 0, held: 1 });
    expect(await ledgerDrifts(t)).toEqual([]);
  });

  it('cancellation after the cutoff is refused with 409, whatever the body says', async () => {
    const classId = await freshClass(t, admin, 3);
    const { s, paymentId } = await enrolled(t, classId);
    await t
      .db()
      .collection('classes')
      .updateOne({ _id: new Types.ObjectId(classId) }, { $set: { startDate: new Date(Date.now() + 47 * 3600_000) } });
    const [item] = (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body;
    const starts = (await classDoc(t, classId)).startDate as Date;
    expect(new Date(item.cancelUntil).getTime()).toBe(starts.getTime() - 48 * 3600_000);
    for (const body of [{}, { force: true }, { startDate: '2099-01-01T00:00:00Z' }]) {
      const res = await t.http().post(`/payments/${paymentId}/cancel`).set(s.auth).send(body).expect(409);
      expect(res.body.message).toBe('Cancellations close 48 hours before the class starts');
    }
    expect((await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body).toHaveLength(1);

    await t
      .db()
      .collection('classes')
      .updateOne({ _id: new Types.ObjectId(classId) }, { $set: { startDate: new Date(Date.now() + 49 * 3600_000) } });
    await t.http().post(`/payments/${paymentId}/cancel`).set(s.auth).expect(200);
    expect(await seatsOf(t, classId)).toEqual({ seats: 3, enrolled: 0, held: 0 });
    expect(await ledgerDrifts(t)).toEqual([]);
  });

  it('a class without a start date can be cancelled within 14 days of payment, then no more', async () => {
    const classId = await freshClass(t, admin, 3);
    const { s, p, paymentId } = await enrolled(t, classId);
    const payments = t.db().collection('payments');
    const paidAt = ((await payments.findOne({ transactionId: p.intentId }))!.date as Date).getTime();
    const [item] = (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body;
    expect(new Date(item.cancelUntil).getTime()).toBe(paidAt + 14 * 86_400_000);

    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await payments.updateOne({ transactionId: p.intentId }, { $set: { date: daysAgo(14.01) } });
    const late = await t.http().post(`/payments/${paymentId}/cancel`).set(s.auth).expect(409);
    expect(late.body.message).toBe('Cancellations of a class without a start date close 14 days after payment');
    expect((await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body).toHaveLength(1);

    await payments.updateOne({ transactionId: p.intentId }, { $set: { date: daysAgo(13.9) } });
    await t.http().post(`/payments/${paymentId}/cancel`).set(s.auth).expect(200);
    expect(await seatsOf(t, classId)).toEqual({ seats: 3, enrolled: 0, held: 0 });
    expect(await ledgerDrifts(t)).toEqual([]);
  });

  it('a replica that stopped midway: its hold without an offer, and its offer left half made, are finished by the sweeper', async () => {
    const classId = await freshClass(t, admin, 1);
    await enrolled(t, classId);
    const [w1, w2, w3] = [await newStudent(t, 'w1'), await newStudent(t, 'w2'), await newStudent(t, 'w3')];
    for (const s of [w1, w2, w3]) await join(t, s, classId).expect(201);
    const _id = new Types.ObjectId(classId);
    // Stopped right after holding a new seat (a capacity edit's), before offering it.
    await t
      .db()
      .collection('classes')
      .updateOne({ _id }, { $inc: { capacity: 1 }, $push: { holds: 'seat:stopped-before-offer' } as never });
    // Stopped while offering another: its offer is claimed by a lease that ran out, and w2 was already taken for it.
    const half = new Types.ObjectId();
    await t
      .db()
      .collection('classes')
      .updateOne({ _id }, { $inc: { capacity: 1 }, $push: { holds: 'seat:stopped-midway' } as never });
    await t
      .db()
      .collection('waitlist_offers')
      .insertOne({
        _id: half,
        classId,
        seatKey: 'seat:stopped-midway',
        round: 0,
        state: 'assigning',
        owner: 'a stopped replica',
        leaseUntil: new Date(Date.now() - 1000),
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    await t
      .db()
      .collection('waitlist_entries')
      .updateOne({ classId, studentEmail: w2.email }, { $set: { state: 'offered', offerId: half.toString() } });
    expect(await ledgerDrifts(t)).not.toEqual([]);

    const report = await t.app.get(WaitlistSweeper).runOnce();
    expect(report).toMatchObject({ resumed: 1, orphans: 1 });
    expect((await placeOf(t, w2, classId)).state).toBe('offered');
    expect((await placeOf(t, w1, classId)).state).toBe('offered');
    expect(await placeOf(t, w3, classId)).toMatchObject({ position: 1, state: 'waiting' });
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 1, held: 2 });
    expect(await ledgerDrifts(t)).toEqual([]);
    // A second pass on a settled waitlist changes nothing.
    expect(await t.app.get(WaitlistSweeper).runOnce()).toEqual({ expired: 0, resumed: 0, orphans: 0 });
  });

  it('an instructor adding seats offers them to the waitlist, in order, once the class is approved again', async () => {
    const classId = await freshClass(t, admin, 1);
    await enrolled(t, classId);
    const [a, b, c] = [await newStudent(t, 'a'), await newStudent(t, 'b'), await newStudent(t, 'c')];
    for (const s of [a, b, c]) await join(t, s, classId).expect(201);
    const instructor = await signInAs(t, JORDAN.email, JORDAN.password);
    await t.http().patch(`/classes/${classId}`).set(instructor.auth).send({ capacity: 3 }).expect(200);
    // Back in review, the class offers nothing yet (nobody could pay for it); approved again, the new seats are held.
    expect(await seatsOf(t, classId)).toEqual({ seats: 2, enrolled: 1, held: 0 });
    expect(await placeOf(t, a, classId)).toMatchObject({ position: 1, state: 'waiting' });
    await t.http().patch(`/classes/status/${classId}`).set(admin.auth).send({ status: 'approved' }).expect(200);
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 1, held: 2 });
    expect((await placeOf(t, a, classId)).state).toBe('offered');
    expect((await placeOf(t, b, classId)).state).toBe('offered');
    expect(await placeOf(t, c, classId)).toMatchObject({ position: 1, state: 'waiting' });
    // Capacity cannot drop below the enrolled students and the held seats.
    const low = await t.http().patch(`/classes/${classId}`).set(instructor.auth).send({ capacity: 2 }).expect(400);
    expect(low.body.message).toBe(
      'Total seats cannot be fewer than the 1 student(s) enrolled and the 2 seat(s) held for the waitlist',
    );
    expect(await ledgerDrifts(t)).toEqual([]);
  });
});

describe('waitlist: a hold that ends unpaid passes to the next student', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    // About two seconds of hold, so the test does not wait a day.
    t = await startTestApp({
      seed: true,
      env: { PAYMENT_SETTLE_DELAY_SECONDS: '0', WAITLIST_OFFER_HOURS: '0.0005', WAITLIST_SWEEP_INTERVAL_SECONDS: '0' },
    });
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('expired: the next in line gets the seat; with nobody left it returns to the free seats', async () => {
    const classId = await freshClass(t, admin, 1);
    const { p } = await enrolled(t, classId);
    const w1 = await newStudent(t, 'slow');
    const w2 = await newStudent(t, 'next');
    await join(t, w1, classId).expect(201);
    await join(t, w2, classId).expect(201);
    await refundAtProvider(t, p.intentId);
    expect((await placeOf(t, w1, classId)).state).toBe('offered');

    const sweeper = t.app.get(WaitlistSweeper);
    // Not yet due: nothing happens.
    expect((await sweeper.runOnce()).expired).toBe(0);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await sweeper.runOnce()).expired).toBe(1);
    expect(await mailsTo(t, w1, 'offerPassedOn')).toHaveLength(1);
    expect(await mailsTo(t, w2, 'waitlistOffer')).toHaveLength(1);
    expect(await placeOf(t, w1, classId)).toBeUndefined();
    expect((await selectionsOf(t, w1)).filter((x) => x.classId === classId)).toEqual([]);
    expect((await placeOf(t, w2, classId)).state).toBe('offered');
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 0, held: 1 });
    expect(await ledgerDrifts(t)).toEqual([]);

    // w1 cannot pay any more: the class is full for them.
    await t.http().post('/classes/selected').set(w1.auth).send({ classId }).expect(409);

    await new Promise((r) => setTimeout(r, 2000));
    expect((await sweeper.runOnce()).expired).toBe(1);
    expect(await placeOf(t, w2, classId)).toBeUndefined();
    expect(await seatsOf(t, classId)).toEqual({ seats: 1, enrolled: 0, held: 0 });
    expect(await ledgerDrifts(t)).toEqual([]);
  });

  it('declined: leaving while offered passes the seat on at once', async () => {
    const classId = await freshClass(t, admin, 1);
    const { p } = await enrolled(t, classId);
    const w1 = await newStudent(t, 'decline');
    const w2 = await newStudent(t, 'gets');
    await join(t, w1, classId).expect(201);
    await join(t, w2, classId).expect(201);
    await refundAtProvider(t, p.intentId);
    await t.http().delete(`/waitlist/${classId}`).set(w1.auth).expect(200);
    expect((await placeOf(t, w2, classId)).state).toBe('offered');
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 0, held: 1 });
    expect(await ledgerDrifts(t)).toEqual([]);
  });
});

describe('waitlist: paying for a held seat never outlives the payment claim', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp({
      seed: true,
      env: {
        PAYMENT_SETTLE_DELAY_SECONDS: '0',
        WAITLIST_SWEEP_INTERVAL_SECONDS: '0',
        PAYMENT_CLAIM_LEASE_SECONDS: '2',
      },
    });
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('while the offer is briefly held by another path, the payment keeps its own claim alive', async () => {
    const classId = await freshClass(t, admin, 1);
    const { s, paymentId } = await enrolled(t, classId);
    const w = await newStudent(t, 'held');
    await join(t, w, classId).expect(201);
    await t.http().post(`/payments/${paymentId}/cancel`).set(s.auth).expect(200);
    const held = (await selectionsOf(t, w)).find((x) => x.classId === classId)!;
    const p = await openIntent(t, w, held._id);
    await confirmCard(t, w, p.clientSecret).expect(200);
    // Another path (the sweeper, a second call) holds the offer for longer than one payment lease.
    await t
      .db()
      .collection('waitlist_offers')
      .updateOne(
        { classId, email: w.email, state: 'open' },
        { $set: { owner: 'another-path', leaseUntil: new Date(Date.now() + 2500) } },
      );

    let done = false;
    const paying = recordPayment(t, w, { intentId: p.intentId, selectionId: held._id }, classId).then((r) => {
      done = true;
      return r;
    });
    const lapsed: Date[] = [];
    while (!done) {
      const row = await t.db().collection('payment_settlements').findOne({ intentId: p.intentId });
      if (row?.owner && row.leaseUntil && row.leaseUntil.getTime() < Date.now() - 50) lapsed.push(row.leaseUntil);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await paying;
    expect(res.status).toBe(201);
    expect(lapsed).toEqual([]);
    expect(await seatsOf(t, classId)).toEqual({ seats: 0, enrolled: 1, held: 0 });
    expect(await ledgerDrifts(t)).toEqual([]);
  });
});
