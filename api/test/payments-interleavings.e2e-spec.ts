import { LedgerCheckService } from '../src/payments/ledger-check';
import { ReconciliationService } from '../src/payments/reconciliation.service';
import { SettlementProbe, type SettlementStep } from '../src/payments/settlement-probe';
import { ADMIN } from './support/demo';
import {
  atProvider,
  deliver,
  disputeEvent,
  freshClass,
  paidIntent,
  paymentBody,
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
    const record = () =>
      t
        .http()
        .post('/payments')
        .set(s.auth)
        .send(paymentBody(s, p, classId));
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

  it('a refund event that arrives while nobody holds the row, between two settles, is never undone by the second', async () => {
    const classId = await freshClass(t, admin, 3);
    const { s, p } = await paidIntent(t, classId, 'interleave');
    await t
      .http()
      .post('/payments')
      .set(s.auth)
      .send(paymentBody(s, p, classId))
      .expect(201);
    await atProvider(t, p.intentId, { refunded: true, amountRefunded: PRICE_CENTS });
    await deliver(t, refundEvent(secret, p.intentId, PRICE_CENTS, PRICE_CENTS)).expect(200);
    // A late succeeded event and a late browser call: the row is refunded, nothing comes back.
    await deliver(
      t,
      signedEvent(secret, 'payment_intent.succeeded', { id: p.intentId, object: 'payment_intent' }),
    ).expect(200);
    await t
      .http()
      .post('/payments')
      .set(s.auth)
      .send(paymentBody(s, p, classId))
      .expect(402);
    expect((await t.app.get(LedgerCheckService).check({ settled: true })).drifts).toEqual([]);
    expect(await payments(p.intentId)).toBe(0);
  });
});
