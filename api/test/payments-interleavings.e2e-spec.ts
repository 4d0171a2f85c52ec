import { Types } from 'mongoose';
import { LedgerCheckService } from '../src/payments/ledger-check';
import { ReconciliationService } from '../src/payments/reconciliation.service';
import { SettlementProbe, type SettlementStep } from '../src/payments/settlement-probe';
import { ADMIN } from './support/demo';
import {
  atProvider,
  deliver,
  disputeEvent,
  familyPaidIntents,
  freshClass,
  ledgerDrifts,
  paidIntent,
  recordPayment,
  refundEvent,
  signedEvent,
} from './support/payments';
import { signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

const DAY_MS = 86_400_000;
const PRICE_CENTS = 8000;

type Competitor = 'refund event' | 'dispute event' | 'second settle' | 'reconciliation' | 'expiry';

// A settlement (the browser's POST /payments) held at each of its steps while another path runs against the same
// intent, through HTTP and the real database; the pause is the settlement's step probe, a no-op in production.
// After every case the ledger's invariants hold, checked by the same code as `npm run ledger:check`.
describe('payments ledger: every interleaving of a settlement with another path', () => {
  let t: TestApp;
  let admin: Session;
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { PAYMENT_SETTLE_DELAY_SECONDS: '0' } });
    secret = t.config.stripeWebhookSecret;
    admin = await signInAs(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  /** Holds the first settlement of `intentId` after `step` until `release()`; later passes run through. */
  function holdAt(step: SettlementStep, intentId: string) {
    let reached!: () => void;
    let release!: () => void;
    const atStep = new Promise<void>((r) => (reached = r));
    const released = new Promise<void>((r) => (release = r));
    let once = true;
    t.app.get(SettlementProbe).pause = (at, id) => {
      if (!once || at !== step || id !== intentId) return;
      once = false;
      reached();
      return released;
    };
    return { atStep, release };
  }

  const row = (intentId: string) => t.db().collection('payment_settlements').findOne({ intentId });
  const payments = (intentId: string) => t.db().collection('payments').countDocuments({ transactionId: intentId });
  const holds = async (intentId: string) =>
    (await t.db().collection('classes').countDocuments({ seatHolders: intentId })) > 0;

  const steps: SettlementStep[] = ['read', 'seat', 'payment'];
  const competitors: Competitor[] = ['refund event', 'dispute event', 'second settle', 'reconciliation', 'expiry'];
  const cases = steps.flatMap((step) => competitors.map((c) => [step, c] as const));

  it.each(cases)('paused after %s, competing path: %s; the invariants hold', async (step, competitor) => {
    const classId = await freshClass(t, admin, 3);
    const { s, p } = await paidIntent(t, classId, 'interleave');
    const hold = holdAt(step, p.intentId);
    const record = () => recordPayment(t, s, p, classId);
    const first = record().then((r) => r);
    await hold.atStep;

    let second: Promise<{ status: number; body: { insertResult?: { insertedId: string } } }> | undefined;
    switch (competitor) {
      case 'refund event':
        await atProvider(t, p.intentId, { refunded: true, amountRefunded: PRICE_CENTS });
        await deliver(t, refundEvent(secret, p.intentId, PRICE_CENTS, PRICE_CENTS)).expect(200);
        break;
      case 'dispute event':
        await atProvider(t, p.intentId, { disputed: true });
        await deliver(t, disputeEvent(secret, p.intentId, PRICE_CENTS)).expect(200);
        break;
      case 'second settle':
        second = record().then((r) => r);
        break;
      case 'reconciliation':
        await t.app.get(ReconciliationService).runOnce();
        break;
      case 'expiry':
        // The settlement's lease runs out (its process stalled) and a pass a day later takes the row over.
        await t
          .db()
          .collection('payment_settlements')
          .updateOne({ intentId: p.intentId }, { $set: { leaseUntil: new Date(Date.now() - 1000) } });
        await t.app.get(ReconciliationService).runOnce(new Date(Date.now() + DAY_MS + 3_600_000));
        break;
    }
    hold.release();
    const answer = await first;
    const other = second ? await second : undefined;
    t.app.get(SettlementProbe).pause = undefined;

    const report = await t.app.get(LedgerCheckService).check({ settled: true });
    expect(report.drifts).toEqual([]);

    const final = (await row(p.intentId))!;
    expect(final.owner).toBeUndefined();
    if (competitor === 'refund event' || competitor === 'dispute event') {
      expect(final.state).toBe('refunded');
      expect(final.reason).toBe(competitor === 'refund event' ? 'refunded_at_provider' : 'disputed');
      expect(await payments(p.intentId)).toBe(0);
      expect(await holds(p.intentId)).toBe(false);
      expect(answer.status).toBe(402);
    } else {
      expect(final.state).toBe('recorded');
      expect(await payments(p.intentId)).toBe(1);
      expect(await holds(p.intentId)).toBe(true);
      expect([200, 201]).toContain(answer.status);
      if (other) {
        expect([answer.status, other.status].sort()).toEqual([200, 201]);
        expect(other.body.insertResult?.insertedId).toBe(answer.body.insertResult.insertedId);
      }
    }
  });

  const record = (s: Session, p: { intentId: string; selectionId: string }, classId: string) =>
    recordPayment(t, s, p, classId);
  const settlements = () => t.db().collection('payment_settlements');
  const drifts = () => ledgerDrifts(t);

  it('a holder whose lease lapses before its sold_out refusal never undoes what the reconciliation that took the row over recorded', async () => {
    const classId = await freshClass(t, admin, 1);
    const a = await paidIntent(t, classId, 'lapse');
    const c = await paidIntent(t, classId, 'lapse');
    // C takes the only seat, so A's settlement finds the class full.
    await record(c.s, c.p, classId).expect(201);
    const hold = holdAt('seat', a.p.intentId);
    const first = record(a.s, a.p, classId).then((r) => r);
    await hold.atStep;

    // C's seat frees (refunded at the provider), A's lease lapses, and reconciliation takes A's row over: it takes
    // the free seat and records A's payment.
    await atProvider(t, c.p.intentId, { refunded: true, amountRefunded: PRICE_CENTS });
    await deliver(t, refundEvent(secret, c.p.intentId, PRICE_CENTS, PRICE_CENTS)).expect(200);
    await settlements().updateOne({ intentId: a.p.intentId }, { $set: { leaseUntil: new Date(Date.now() - 1000) } });
    await t.app.get(ReconciliationService).runOnce();
    expect((await row(a.p.intentId))!.state).toBe('recorded');
    expect(await payments(a.p.intentId)).toBe(1);

    // A goes on with the refusal it decided under its lapsed lease: it must undo nothing.
    hold.release();
    const answer = await first;
    t.app.get(SettlementProbe).pause = undefined;
    expect(answer.status).toBe(200);
    expect(answer.body.alreadyRecorded).toBe(true);
    const final = (await row(a.p.intentId))!;
    expect(final).toMatchObject({ state: 'recorded' });
    expect(final.owner).toBeUndefined();
    expect(await payments(a.p.intentId)).toBe(1);
    expect(await holds(a.p.intentId)).toBe(true);
    const intent = await t.db().collection('sandbox_payment_intents').findOne({ intentId: a.p.intentId });
    expect(intent?.refunded).toBeFalsy();
    expect(await drifts()).toEqual([]);
  });

  /** What a holder that undid an enrolment after losing its claim left: a recorded row without payment and seat. */
  async function loseEnrolment(intentId: string, classId: string) {
    await t.db().collection('payments').deleteOne({ transactionId: intentId });
    await t
      .db()
      .collection('classes')
      .updateOne({ _id: new Types.ObjectId(classId), seatHolders: intentId }, {
        $pull: { seatHolders: intentId },
        $inc: { seats: 1, enrolled: -1 },
      } as never);
    expect(await drifts()).toEqual(
      expect.arrayContaining([
        `intent ${intentId} is recorded without its payment`,
        `intent ${intentId} is recorded without its seat`,
      ]),
    );
  }

  it('reconciliation re-records a recorded row whose payment and seat were lost, when the provider shows it paid', async () => {
    const classId = await freshClass(t, admin, 2);
    const { s, p } = await paidIntent(t, classId, 'repair');
    const recorded = await record(s, p, classId).expect(201);
    await loseEnrolment(p.intentId, classId);

    const report = await t.app.get(ReconciliationService).runOnce();
    expect(report.repaired).toBeGreaterThanOrEqual(1);
    expect((await row(p.intentId))!).toMatchObject({ state: 'recorded' });
    const payment = await t.db().collection('payments').findOne({ transactionId: p.intentId });
    expect(payment).toMatchObject({ email: s.email, price: 80 });
    expect(await holds(p.intentId)).toBe(true);
    expect(await drifts()).toEqual([]);
    // The student's own calls see the enrolment again, once.
    const again = await record(s, p, classId).expect(200);
    expect(again.body.alreadyRecorded).toBe(true);
    expect(recorded.body.insertResult.insertedId).toBeDefined();
    const mails = await t
      .db()
      .collection('mail_outbox')
      .countDocuments({ key: `receipt:${p.intentId}` });
    expect(mails).toBe(1);
  });

  it('reconciliation refunds a recorded row whose seat was lost and given to someone else, when the provider shows it paid', async () => {
    const classId = await freshClass(t, admin, 1);
    const a = await paidIntent(t, classId, 'repair');
    const c = await paidIntent(t, classId, 'repair');
    await record(a.s, a.p, classId).expect(201);
    await loseEnrolment(a.p.intentId, classId);
    // The freed seat goes to C before anyone notices.
    await record(c.s, c.p, classId).expect(201);

    await t.app.get(ReconciliationService).runOnce();
    expect((await row(a.p.intentId))!).toMatchObject({ state: 'refunded', reason: 'sold_out' });
    expect(await t.db().collection('sandbox_payment_intents').findOne({ intentId: a.p.intentId })).toMatchObject({
      refunded: true,
    });
    expect(await payments(a.p.intentId)).toBe(0);
    expect(await holds(c.p.intentId)).toBe(true);
    expect(await drifts()).toEqual([]);
  });

  it('reconciliation closes a recorded row whose payment was lost as refunded, when the provider already refunded it', async () => {
    const classId = await freshClass(t, admin, 2);
    const { s, p } = await paidIntent(t, classId, 'repair');
    await record(s, p, classId).expect(201);
    await loseEnrolment(p.intentId, classId);
    await atProvider(t, p.intentId, { refunded: true, amountRefunded: PRICE_CENTS });

    await t.app.get(ReconciliationService).runOnce();
    expect((await row(p.intentId))!).toMatchObject({ state: 'refunded', reason: 'refunded_at_provider' });
    expect(await payments(p.intentId)).toBe(0);
    expect(await holds(p.intentId)).toBe(false);
    expect(await drifts()).toEqual([]);
  });

  it('a refund event that arrives while nobody holds the row, between two settles, is never undone by the second', async () => {
    const classId = await freshClass(t, admin, 3);
    const { s, p } = await paidIntent(t, classId, 'interleave');
    await recordPayment(t, s, p, classId).expect(201);
    await atProvider(t, p.intentId, { refunded: true, amountRefunded: PRICE_CENTS });
    await deliver(t, refundEvent(secret, p.intentId, PRICE_CENTS, PRICE_CENTS)).expect(200);
    // A late succeeded event and a late browser call: the row is refunded, nothing comes back.
    await deliver(
      t,
      signedEvent(secret, 'payment_intent.succeeded', { id: p.intentId, object: 'payment_intent' }),
    ).expect(200);
    await recordPayment(t, s, p, classId).expect(402);
    expect(await ledgerDrifts(t)).toEqual([]);
    expect(await payments(p.intentId)).toBe(0);
  });

  const familyCases = steps.flatMap((step) =>
    (['camper', 'self'] as const).flatMap((second) => [2, 1].map((seats) => [step, second, seats] as const)),
  );

  it.each(familyCases)(
    "a camper's settlement paused after %s while the family pays for another participant (%s), %i seat(s): one seat each at most",
    async (step, second, seats) => {
      const classId = await freshClass(t, admin, seats);
      const paid = await familyPaidIntents(t, classId, second);
      const s = paid[0].s;
      const [a, b] = paid.map((x) => x.p);
      const hold = holdAt(step, a.intentId);
      const first = record(s, a, classId).then((r) => r);
      await hold.atStep;
      const other = await record(s, b, classId);
      hold.release();
      const answer = await first;
      t.app.get(SettlementProbe).pause = undefined;

      const statuses = [answer.status, other.status].sort();
      expect(statuses).toEqual(seats === 2 ? [201, 201] : [201, 409]);
      const cls = await t
        .db()
        .collection('classes')
        .findOne({ _id: new Types.ObjectId(classId) });
      expect(cls).toMatchObject({ enrolled: seats, seats: 0 });
      const recorded = await t
        .db()
        .collection('payments')
        .find({ classId: new Types.ObjectId(classId) })
        .toArray();
      expect(recorded).toHaveLength(seats);
      // Each payment is its own participant's: the camper's carries its id, the account holder's none.
      const expected = paid.filter((_, i) => (i === 0 ? answer : other).status === 201).map((x) => x.camperId ?? null);
      expect(recorded.map((r) => r.camperId ?? null).sort()).toEqual(expected.sort());
      expect(await drifts()).toEqual([]);
    },
  );
});
