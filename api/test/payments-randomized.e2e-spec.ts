import { LedgerCheckService } from '../src/payments/ledger-check';
import { ReconciliationService } from '../src/payments/reconciliation.service';
import { ADMIN } from './support/demo';
import { startDevDbProcess, type DevDbProcess } from './support/devdb-process';
import {
  atProvider,
  deliver,
  disputeEvent,
  familyPaidIntents,
  freshClass,
  paidIntent,
  recordPayment,
  refundEvent,
  signedEvent,
  succeededIntentObject,
} from './support/payments';
import { startReplicas, type Replicas } from './support/replicas';
import { signInAs, type Session } from './support/test-app';

jest.setTimeout(600_000);

const INTENTS = 200;
const CLASSES = 6;
const SEATS = 25;
const PRICE_CENTS = 8000;

/** A small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two API instances on one database; for each of 200 paid intents a random mix of browser record calls, succeeded
// events, full and partial refunds, disputes and reconciliation passes, started at random moments on either
// instance. Afterwards the ledger's invariants hold and the provider's money matches the ledger.
describe('payments ledger: a randomized run on two instances', () => {
  let replicas: Replicas;
  let admin: Session;
  const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 100_000);

  let db: DevDbProcess;

  // Its own embedded database (in memory): the run's two instances write to it from many connections at once, beside
  // no other suite's databases.
  beforeAll(async () => {
    db = await startDevDbProcess(':memory:', 0, { logs: true });
    const env = { PAYMENT_SETTLE_DELAY_SECONDS: '0', MONGODB_URI: `mongodb://127.0.0.1:${db.port}/randomized` };
    replicas = await startReplicas({ seed: true, env });
    admin = await signInAs(replicas.a, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await replicas?.close();
    await db?.stop();
  });

  it(`${INTENTS} intents, random interleavings: the invariants hold`, async () => {
    const { a, b } = replicas;
    const rnd = random(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    const apps = [a, b] as const;
    const secret = a.config.stripeWebhookSecret;
    const classIds: string[] = [];
    for (let i = 0; i < CLASSES; i++) classIds.push(await freshClass(a, admin, SEATS));

    // Paid intents first (students sign up through the emulator), ten at a time (INTENTS is a multiple of ten).
    const paid: { s: Session; p: { intentId: string; selectionId: string } }[] = [];
    const classOf = new Map<string, string>();
    for (let i = 0; i < INTENTS; i += 10) {
      const batch = await Promise.all(
        // Ten intents a batch: two families' two each, and six students' one.
        Array.from({ length: 8 }, async (_, j) => {
          const classId = pick(classIds);
          // Some are families paying for two participants of one class: two campers, or a camper and themselves.
          const xs =
            j < 2
              ? await familyPaidIntents(a, classId, j === 0 ? 'camper' : 'self', 'randomfamily')
              : [await paidIntent(a, classId, 'random')];
          for (const x of xs) classOf.set(x.p.intentId, classId);
          return xs;
        }),
      );
      paid.push(...batch.flat());
    }

    const counts: Record<string, number> = {};
    const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
    const statuses: Record<string, number> = {};
    const run = async ({ s, p }: (typeof paid)[number]) => {
      const classId = classOf.get(p.intentId)!;
      const actions: Array<() => Promise<unknown>> = [];
      const records = 1 + Math.floor(rnd() * 3);
      for (let i = 0; i < records; i++)
        actions.push(async () => {
          count('record call');
          const r = await recordPayment(pick(apps), s, p, classId);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          expect([200, 201, 402, 409]).toContain(r.status);
        });
      if (rnd() < 0.6)
        actions.push(async () => {
          count('succeeded event');
          const e = signedEvent(secret, 'payment_intent.succeeded', await succeededIntentObject(a, p.intentId));
          await deliver(pick(apps), e).expect(200);
        });
      const r = rnd();
      if (r < 0.2)
        actions.push(async () => {
          count('full refund');
          await atProvider(a, p.intentId, { refunded: true, amountRefunded: PRICE_CENTS });
          await deliver(pick(apps), refundEvent(secret, p.intentId, PRICE_CENTS, PRICE_CENTS)).expect(200);
        });
      else if (r < 0.3)
        actions.push(async () => {
          count('partial refund');
          await atProvider(a, p.intentId, { amountRefunded: 1000 });
          await deliver(pick(apps), refundEvent(secret, p.intentId, PRICE_CENTS, 1000)).expect(200);
        });
      else if (r < 0.4)
        actions.push(async () => {
          count('dispute');
          await atProvider(a, p.intentId, { disputed: true });
          await deliver(pick(apps), disputeEvent(secret, p.intentId, PRICE_CENTS)).expect(200);
        });
      if (rnd() < 0.3)
        actions.push(async () => {
          count('reconciliation');
          await pick(apps).app.get(ReconciliationService).runOnce();
        });
      await Promise.all(actions.map(async (act) => (await sleep(Math.floor(rnd() * 20)), act())));
    };
    for (let i = 0; i < paid.length; i += 20) await Promise.all(paid.slice(i, i + 20).map(run));

    // Quiescence: whatever is left (news left on a claimed row) is finished by reconciliation.
    for (let i = 0; i < 5; i++) {
      const [ra, rb] = await Promise.all(apps.map((x) => x.app.get(ReconciliationService).runOnce()));
      if (!ra.looked && !rb.looked) break;
    }

    const report = await a.app.get(LedgerCheckService).check({ settled: true });
    // The provider's side: money kept for every recorded intent, given back (refund or dispute) for every other.
    const provider = new Map(
      (await a.db().collection('sandbox_payment_intents').find().toArray()).map((i) => [i.intentId as string, i]),
    );
    const moneyDrifts: string[] = [];
    for (const row of await a.db().collection('payment_settlements').find({ charged: true }).toArray()) {
      const i = provider.get(row.intentId as string);
      if (!i) continue; // the seed's enrolments have no provider intent
      const back = Boolean(i.refunded) || Boolean(i.disputed);
      if (row.state === 'recorded' && back) moneyDrifts.push(`${row.intentId} recorded but given back`);
      if (row.state === 'refunded' && !back) moneyDrifts.push(`${row.intentId} refunded but kept at the provider`);
    }
    console.log(
      `randomized run (seed ${seed}): ${INTENTS} intents; actions ${JSON.stringify(counts)}; ` +
        `record answers ${JSON.stringify(statuses)}; ledger ${JSON.stringify(report.states)}; ` +
        `${report.payments} payments, ${report.seatHolders} seat holders; drifts ${report.drifts.length + moneyDrifts.length}`,
    );
    expect(report.drifts).toEqual([]);
    expect(moneyDrifts).toEqual([]);
    const ours = await a
      .db()
      .collection('payment_settlements')
      .countDocuments({ intentId: { $in: paid.map((x) => x.p.intentId) }, state: { $in: ['recorded', 'refunded'] } });
    expect(ours).toBe(INTENTS);
  });
});
