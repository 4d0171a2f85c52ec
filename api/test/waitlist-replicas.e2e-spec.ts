import { Types } from 'mongoose';
import { WaitlistSweeper } from '../src/waitlist/waitlist-sweeper.service';
import {
  atProvider,
  deliver,
  freshClass,
  ledgerDrifts,
  paidIntent,
  recordPayment,
  refundEvent,
} from './support/payments';
import { seededReplicas } from './support/replicas';
import { newStudent, type Session } from './support/test-app';

const WAITING = 20;
const FREED = 5;

// Two API instances on one database free 5 seats of a full class at once, through refund events and the students'
// own cancellations, while both sweep: every freed seat becomes exactly one hold, offered to the first 5 in line.
describe('waitlist across two instances: 20 waiting, 5 seats freed at once', () => {
  let replicas: Awaited<ReturnType<typeof seededReplicas>>;
  beforeAll(async () => {
    replicas = await seededReplicas();
  });
  afterAll(() => replicas?.close());

  it('exactly 5 holds, to the first 5 in line; the ledger and waitlist invariants hold', async () => {
    const { a, b, either, admin } = replicas;
    const classId = await freshClass(a, admin, FREED);
    const enrolled = [];
    for (let i = 0; i < FREED; i++) {
      const { s, p } = await paidIntent(a, classId, `seat${i}`);
      const res = await recordPayment(a, s, p, classId).expect(201);
      enrolled.push({ s, p, paymentId: res.body.insertResult.insertedId as string });
    }
    const queue: Session[] = [];
    for (let i = 0; i < WAITING; i++) {
      const s = await newStudent(a, `wait${i}`);
      // Alternate instances: the queue order is the join order whichever replica took it.
      await either(i).http().post(`/waitlist/${classId}`).set(s.auth).expect(201);
      queue.push(s);
    }

    // Three refunds at the provider (their events to either instance, each twice) and two cancellations, all at once,
    // with both instances sweeping meanwhile.
    const secret = a.config.stripeWebhookSecret;
    for (const { p } of enrolled.slice(0, 3)) await atProvider(a, p.intentId, { refunded: true, amountRefunded: 8000 });
    const results = await Promise.all([
      ...enrolled
        .slice(0, 3)
        .flatMap(({ p }, i) => [
          deliver(either(i + 1), refundEvent(secret, p.intentId, 8000, 8000)),
          deliver(either(i), refundEvent(secret, p.intentId, 8000, 8000)),
        ]),
      ...enrolled.slice(3).map(({ s, paymentId }, i) =>
        either(i + 1)
          .http()
          .post(`/payments/${paymentId}/cancel`)
          .set(s.auth),
      ),
      a.app.get(WaitlistSweeper).runOnce(),
      b.app.get(WaitlistSweeper).runOnce(),
    ]);
    for (const r of results.slice(0, 8)) expect((r as { status: number }).status).toBe(200);
    // A last sweep on each instance: nothing is left to repair.
    await Promise.all([a.app.get(WaitlistSweeper).runOnce(), b.app.get(WaitlistSweeper).runOnce()]);

    const cls = (await a
      .db()
      .collection('classes')
      .findOne({ _id: new Types.ObjectId(classId) }))!;
    expect({ seats: cls.seats, enrolled: cls.enrolled, held: cls.holds.length }).toEqual({
      seats: 0,
      enrolled: 0,
      held: FREED,
    });
    const offers = await a.db().collection('waitlist_offers').find({ classId }).toArray();
    const open = offers.filter((o) => o.state === 'open');
    expect(open).toHaveLength(FREED);
    expect(new Set(open.map((o) => o.seatKey)).size).toBe(FREED);
    expect(open.map((o) => o.email).sort()).toEqual(
      queue
        .slice(0, FREED)
        .map((s) => s.email)
        .sort(),
    );
    // Each of the first five has one offer e-mail; nobody else has any.
    const mails = await a.db().collection('mail_outbox').find({ template: 'waitlistOffer' }).toArray();
    expect(mails.map((m) => m.to).sort()).toEqual(
      queue
        .slice(0, FREED)
        .map((s) => s.email)
        .sort(),
    );
    // Everyone else is still waiting, renumbered from 1 in join order.
    for (const [i, s] of queue.slice(FREED).entries()) {
      const places = (await b.http().get(`/waitlist/places/${s.email}`).set(s.auth).expect(200)).body;
      expect(places).toEqual([{ classId, position: i + 1, state: 'waiting' }]);
    }
    // All five students who lost their seat got their money back once.
    for (const { p } of enrolled) {
      expect(await a.db().collection('payment_settlements').findOne({ intentId: p.intentId })).toMatchObject({
        state: 'refunded',
      });
    }
    expect(await ledgerDrifts(a)).toEqual([]);
  });
});
