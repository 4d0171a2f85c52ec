import { Types } from 'mongoose';
import { ReconciliationService } from '../src/payments/reconciliation.service';
import { ADMIN } from './support/demo';
import {
  atProvider,
  confirmCard,
  deliver,
  disputeEvent,
  freshClass as newClass,
  paidIntent as paidBy,
  recordPayment,
  selectAndOpenIntent,
  signedEvent,
  succeededIntentObject,
} from './support/payments';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

// The exactly-once ledger, provider events and reconciliation, through HTTP against the embedded database and the
// sandbox gateway (the same Stripe-signed events as production, verified by the stripe SDK).
describe('payments ledger: exactly once, provider events, reconciliation', () => {
  let t: TestApp;
  let admin: Session;
  let secret: string;

  const db = () => t.db();
  const classById = async (id: string) =>
    (await db()
      .collection('classes')
      .findOne({ _id: new Types.ObjectId(id) }))!;
  const sandboxIntent = async (intentId: string) =>
    (await db().collection('sandbox_payment_intents').findOne({ intentId }))!;
  const enrolledOf = async (s: Session) =>
    (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body as { transactionId: string }[];
  const seatsAndEnrolled = async (id: string) => {
    const c = await classById(id);
    return { seats: c.seats as number, enrolled: c.enrolled as number };
  };

  const freshClass = (seats: number, price = 80) => newClass(t, admin, seats, price);
  const paidIntent = (classId: string, prefix = 'ledger') => paidBy(t, classId, prefix);

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { PAYMENT_SETTLE_DELAY_SECONDS: '0' } });
    secret = t.config.stripeWebhookSecret;
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('12 concurrent POST /payments with one intent: one payment, the same insertedId in every answer, no refund', async () => {
    const classId = await freshClass(5);
    const before = await seatsAndEnrolled(classId);
    const { s, p } = await paidIntent(classId, 'burst');

    const results = await Promise.all(Array.from({ length: 12 }, () => recordPayment(t, s, p, classId)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.body.insertResult.insertedId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.alreadyRecorded === false)).toHaveLength(1);

    expect(await db().collection('payments').countDocuments({ transactionId: p.intentId })).toBe(1);
    expect((await sandboxIntent(p.intentId)).refunded).toBe(false);
    expect(await seatsAndEnrolled(classId)).toEqual({ seats: before.seats - 1, enrolled: before.enrolled + 1 });
    expect((await db().collection('payment_settlements').findOne({ intentId: p.intentId }))?.state).toBe('recorded');
    // And a retry much later still gets the same answer.
    const later = await recordPayment(t, s, p, classId).expect(200);
    expect(later.body.insertResult.insertedId).toBe([...ids][0]);
  });

  it('an intent settled by its event alone (no browser call) enrols once; POST /payments then answers 200 alreadyRecorded', async () => {
    const classId = await freshClass(3);
    const before = await seatsAndEnrolled(classId);
    const { s, p } = await paidIntent(classId, 'eventonly');

    const event = signedEvent(secret, 'payment_intent.succeeded', await succeededIntentObject(t, p.intentId));
    expect((await deliver(t, event).expect(200)).body).toEqual({ received: true, duplicate: false });
    expect((await enrolledOf(s)).map((e) => e.transactionId)).toEqual([p.intentId]);
    expect((await t.http().get(`/classes/selected/${s.email}`).set(s.auth).expect(200)).body).toEqual([]);
    // The replayed event changes nothing.
    expect((await deliver(t, event).expect(200)).body).toEqual({ received: true, duplicate: true });
    // A second delivery under a new event id (Stripe may send one twice) is still one enrolment.
    await deliver(
      t,
      signedEvent(secret, 'payment_intent.succeeded', await succeededIntentObject(t, p.intentId)),
    ).expect(200);

    const late = await recordPayment(t, s, p, classId).expect(200);
    expect(late.body).toEqual({
      insertResult: { insertedId: expect.any(String) },
      deleteResult: { deletedCount: 0 },
      alreadyRecorded: true,
    });
    expect(await seatsAndEnrolled(classId)).toEqual({ seats: before.seats - 1, enrolled: before.enrolled + 1 });
    expect(await enrolledOf(s)).toHaveLength(1);
  });

  it('a class sold out between the charge and its event: the intent is refunded, seats and enrolled unchanged', async () => {
    const classId = await freshClass(1);
    const a = await paidIntent(classId, 'early');
    const b = await paidIntent(classId, 'late');
    await recordPayment(t, a.s, a.p, classId).expect(201);
    const soldOut = await seatsAndEnrolled(classId);
    expect(soldOut.seats).toBe(0);

    await deliver(
      t,
      signedEvent(secret, 'payment_intent.succeeded', await succeededIntentObject(t, b.p.intentId)),
    ).expect(200);
    expect((await sandboxIntent(b.p.intentId)).refunded).toBe(true);
    expect(await seatsAndEnrolled(classId)).toEqual(soldOut);
    expect(await enrolledOf(b.s)).toEqual([]);
    expect(await db().collection('payment_settlements').findOne({ intentId: b.p.intentId })).toMatchObject({
      state: 'refunded',
      reason: 'sold_out',
    });
    // The browser's call, arriving after the event, gets the same answer.
    const res = await recordPayment(t, b.s, b.p, classId).expect(409);
    expect(res.body.message).toBe('This class is sold out; your payment has been refunded');
  });

  it('a refund event un-enrols the student and releases the seat; replaying it changes nothing; a bad signature is 400', async () => {
    const classId = await freshClass(4);
    const before = await seatsAndEnrolled(classId);
    const { s, p } = await paidIntent(classId, 'refunded');
    await recordPayment(t, s, p, classId).expect(201);
    expect(await seatsAndEnrolled(classId)).toEqual({ seats: before.seats - 1, enrolled: before.enrolled + 1 });

    const charge = {
      id: 'ch_test_1',
      object: 'charge',
      payment_intent: p.intentId,
      amount: 8000,
      amount_refunded: 8000,
      refunded: true,
    };
    const forged = signedEvent('whsec_not_the_secret', 'charge.refunded', charge);
    expect((await deliver(t, forged).expect(400)).body.message).toBe('Invalid Stripe signature');
    await t.http().post('/payments/webhook').set('Content-Type', 'application/json').send(forged.payload).expect(400);
    expect(await enrolledOf(s)).toHaveLength(1);

    // The event is read back from the provider: one it does not confirm changes nothing.
    const refund = signedEvent(secret, 'charge.refunded', charge);
    await deliver(t, refund).expect(200);
    expect(await enrolledOf(s)).toHaveLength(1);
    await atProvider(t, p.intentId, { refunded: true, amountRefunded: 8000 });
    await deliver(t, signedEvent(secret, 'charge.refunded', charge)).expect(200);
    expect(await enrolledOf(s)).toEqual([]);
    expect(await seatsAndEnrolled(classId)).toEqual(before);
    expect(await db().collection('payment_settlements').findOne({ intentId: p.intentId })).toMatchObject({
      state: 'refunded',
      reason: 'refunded_at_provider',
    });

    expect((await deliver(t, refund).expect(200)).body.duplicate).toBe(true);
    await deliver(t, signedEvent(secret, 'charge.refunded', charge)).expect(200); // same refund, new event id
    expect(await seatsAndEnrolled(classId)).toEqual(before);
    // A refunded intent never counts as paid again.
    const replay = await recordPayment(t, s, p, classId).expect(402);
    expect(replay.body.message).toBe('This payment has been refunded');
    expect(await seatsAndEnrolled(classId)).toEqual(before);
    // The student may select the class again.
    await t.http().post('/classes/selected').set(s.auth).send({ classId }).expect(201);
  });

  it('a dispute un-enrols and releases the seat; a partial refund does not, and is written on the payment', async () => {
    const classId = await freshClass(4);
    const before = await seatsAndEnrolled(classId);
    const { s, p } = await paidIntent(classId, 'disputed');
    await recordPayment(t, s, p, classId).expect(201);

    await atProvider(t, p.intentId, { amountRefunded: 1000 });
    await deliver(
      t,
      signedEvent(secret, 'charge.refunded', {
        id: 'ch_x',
        object: 'charge',
        payment_intent: p.intentId,
        amount: 8000,
        amount_refunded: 1000,
        refunded: false,
      }),
    ).expect(200);
    expect(await enrolledOf(s)).toHaveLength(1);
    expect(await db().collection('payments').findOne({ transactionId: p.intentId })).toMatchObject({
      refundedAmount: 10,
    });
    expect(await db().collection('payment_settlements').findOne({ intentId: p.intentId })).toMatchObject({
      state: 'recorded',
      refundedAmount: 1000,
    });
    await t.http().get('/payments/partial-refunds').set(s.auth).expect(403);
    const partial = await t.http().get('/payments/partial-refunds').set(admin.auth).expect(200);
    expect(partial.body.items).toContainEqual(
      expect.objectContaining({ transactionId: p.intentId, email: s.email, price: 80, refundedAmount: 10 }),
    );

    await atProvider(t, p.intentId, { disputed: true });
    await deliver(
      t,
      signedEvent(secret, 'charge.dispute.created', {
        id: 'dp_x',
        object: 'dispute',
        charge: 'ch_x',
        payment_intent: p.intentId,
        amount: 8000,
      }),
    ).expect(200);
    expect(await enrolledOf(s)).toEqual([]);
    expect(await seatsAndEnrolled(classId)).toEqual(before);
    expect(await db().collection('payment_settlements').findOne({ intentId: p.intentId })).toMatchObject({
      state: 'refunded',
      reason: 'disputed',
    });
  });

  it('reconciliation settles a charged intent nobody reported; admins see it as unsettled until then', async () => {
    const classId = await freshClass(2);
    const before = await seatsAndEnrolled(classId);
    const { s, p } = await paidIntent(classId, 'tabclosed');
    // The provider's event is lost and the tab closed: nothing but the ledger's open row knows about it.
    const student = await newStudent(t, 'nosy');
    await t.http().get('/payments/unsettled').set(student.auth).expect(403);
    await t.http().get('/payments/unsettled').expect(401);
    const waiting = await t.http().get('/payments/unsettled').set(admin.auth).expect(200);
    expect(waiting.body.count).toBe(waiting.body.items.length);
    expect(waiting.body.items).toContainEqual(
      expect.objectContaining({ intentId: p.intentId, state: 'open', email: s.email, classId, refundAttempts: 0 }),
    );

    const report = await t.app.get(ReconciliationService).runOnce();
    expect(report.failed).toBe(0);
    expect((await enrolledOf(s)).map((e) => e.transactionId)).toEqual([p.intentId]);
    expect(await seatsAndEnrolled(classId)).toEqual({ seats: before.seats - 1, enrolled: before.enrolled + 1 });
    const unsettled = await t.http().get('/payments/unsettled').set(admin.auth).expect(200);
    expect(unsettled.body.items.map((i: { intentId: string }) => i.intentId)).not.toContain(p.intentId);
    // Another pass changes nothing.
    await t.app.get(ReconciliationService).runOnce();
    expect(await seatsAndEnrolled(classId)).toEqual({ seats: before.seats - 1, enrolled: before.enrolled + 1 });
  });

  it('an unpaid intent stays open and is not enrolled by reconciliation', async () => {
    const classId = await freshClass(2);
    const s = await newStudent(t, 'unpaid');
    const p = await selectAndOpenIntent(t, s, classId);
    await t.app.get(ReconciliationService).runOnce();
    expect(await enrolledOf(s)).toEqual([]);
    const row = await db().collection('payment_settlements').findOne({ intentId: p.intentId });
    expect(row).toMatchObject({ state: 'open', charged: false });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // asked again later, with backoff
  });
  it('an intent left unpaid for a day is cancelled at the provider and can no longer be charged', async () => {
    const classId = await freshClass(2);
    const s = await newStudent(t, 'expiring');
    const p = await selectAndOpenIntent(t, s, classId);
    await t.app.get(ReconciliationService).runOnce(new Date(Date.now() + 25 * 3600_000));
    const row = await db().collection('payment_settlements').findOne({ intentId: p.intentId });
    expect(row).toMatchObject({ state: 'expired', cancelledAt: expect.any(Date) });
    expect((await sandboxIntent(p.intentId)).status).toBe('canceled');
    const late = await confirmCard(t, s, p.clientSecret).expect(402);
    expect(late.body.message).toBe('This payment has expired.');
    // Not money at the provider: not unsettled, not due.
    const list = await t.http().get('/payments/unsettled').set(admin.auth).expect(200);
    expect(list.body.items.map((i: { intentId: string }) => i.intentId)).not.toContain(p.intentId);
  });

  it('an expired row charged anyway is listed for the admins and settled by reconciliation', async () => {
    const classId = await freshClass(2);
    const { s, p } = await paidIntent(classId, 'chargedlate');
    // Expired before cancelling existed: the provider took the money and nobody reported it.
    await db()
      .collection('payment_settlements')
      .updateOne({ intentId: p.intentId }, { $set: { state: 'expired', charged: true } });
    const list = await t.http().get('/payments/unsettled').set(admin.auth).expect(200);
    expect(list.body.items).toContainEqual(expect.objectContaining({ intentId: p.intentId, state: 'expired' }));
    await t.app.get(ReconciliationService).runOnce();
    expect((await enrolledOf(s)).map((e) => e.transactionId)).toEqual([p.intentId]);
    expect(await db().collection('payment_settlements').findOne({ intentId: p.intentId })).toMatchObject({
      state: 'recorded',
    });
  });

  it('a dispute on a refund we owe: refunded once when the provider does not show the dispute, not refunded again when it does', async () => {
    const classId = await freshClass(3);
    const owe = async (prefix: string) => {
      const { p } = await paidIntent(classId, prefix);
      // Our refund failed earlier (sold out): the row owes it.
      await db()
        .collection('payment_settlements')
        .updateOne(
          { intentId: p.intentId },
          {
            $set: {
              state: 'refund_due',
              reason: 'sold_out',
              charged: true,
              nextAttemptAt: new Date(Date.now() + 3600_000),
            },
          },
        );
      return p;
    };
    const unseen = await owe('owedunseen');
    await deliver(t, disputeEvent(secret, unseen.intentId, 8000)).expect(200);
    expect((await sandboxIntent(unseen.intentId)).refunded).toBe(true);
    expect(await db().collection('payment_settlements').findOne({ intentId: unseen.intentId })).toMatchObject({
      state: 'refunded',
      reason: 'sold_out',
    });

    const seen = await owe('owedseen');
    await atProvider(t, seen.intentId, { disputed: true });
    await deliver(t, disputeEvent(secret, seen.intentId, 8000)).expect(200);
    expect((await sandboxIntent(seen.intentId)).refunded).toBe(false);
    expect(await db().collection('payment_settlements').findOne({ intentId: seen.intentId })).toMatchObject({
      state: 'refunded',
      reason: 'disputed',
    });
    // A replay, or reconciliation, refunds nothing more.
    await deliver(t, disputeEvent(secret, seen.intentId, 8000)).expect(200);
    await t.app.get(ReconciliationService).runOnce();
    expect((await sandboxIntent(seen.intentId)).refunded).toBe(false);
  });
});

describe('the sandbox delivers its provider events to the same handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { SANDBOX_EVENT_DELAY_MS: '0' } });
  });
  afterAll(() => t.close());

  it('a confirmed card is enrolled by the event, with no POST /payments', async () => {
    const s = await newStudent(t, 'sandboxevent');
    const classId = (await t.db().collection('classes').findOne({ className: 'Swimming Lessons' }))!._id.toString();
    const p = await selectAndOpenIntent(t, s, classId);
    await confirmCard(t, s, p.clientSecret).expect(200);
    let enrolled: unknown[] = [];
    // The enrolment shows while the event's handling still finishes (it is marked handled last).
    const events = () => t.db().collection('payment_events').countDocuments();
    for (let i = 0; i < 100 && !(enrolled.length && (await events())); i++) {
      await new Promise((r) => setTimeout(r, 100));
      enrolled = (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body;
    }
    expect(enrolled).toEqual([expect.objectContaining({ transactionId: p.intentId })]);
    expect(await events()).toBe(1);
    await recordPayment(t, s, p, classId).expect(200);
  });
});

describe('signed provider events are never refused by a budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_WRITES: '3', RATE_LIMIT_UNSIGNED_EVENTS: '3' } });
  });
  afterAll(() => t.close());

  it("a burst of events from one address is never answered 429 by the browsers' write limit", async () => {
    const secret = t.config.stripeWebhookSecret;
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await deliver(t, signedEvent(secret, 'charge.refunded', { id: `ch_${i}`, payment_intent: `pi_${i}` }))).status,
      );
    expect(answers).toEqual(Array(12).fill(200));
    // The write limit itself still applies to other writes from that address.
    const s = await newStudent(t, 'limited', false);
    const writes = [];
    for (let i = 0; i < 5; i++)
      writes.push((await t.http().post('/classes/selected').set(s.auth).send({ classId: 'nope' })).status);
    expect(writes.slice(-2)).toEqual([429, 429]);
  });
});
