import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReconciliationService } from '../src/payments/reconciliation.service';
import { startReplicas, type Replicas } from './support/replicas';
import type { TestApp } from './support/test-app';

const ROWS = 1000;

/**
 * A stand-in for Stripe's API that counts the calls it gets per intent and how many are in flight for one intent at
 * once. Every intent is unpaid (`requires_payment_method`), so reconciliation looks once and pushes the row back.
 */
async function countingProvider() {
  const calls = new Map<string, number>();
  const inFlight = new Map<string, number>();
  let overlapping = 0;
  const server = http.createServer((req, res) => {
    const id = /\/v1\/payment_intents\/([^/?]+)/.exec(req.url ?? '')?.[1];
    if (!id) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"type":"invalid_request_error"}}');
      return;
    }
    calls.set(id, (calls.get(id) ?? 0) + 1);
    if (id.startsWith('pi_broken_')) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":{"type":"api_error","message":"boom"}}');
      return;
    }
    inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
    if (inFlight.get(id)! > 1) overlapping++;
    // A little latency, as a real provider has: concurrent callers of one row would overlap here.
    setTimeout(() => {
      inFlight.set(id, inFlight.get(id)! - 1);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'payment_intent',
          status: 'requires_payment_method',
          amount: 8000,
          currency: 'usd',
          client_secret: `${id}_secret_x`,
          metadata: {},
          latest_charge: null,
        }),
      );
    }, 2);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    overlapping: () => overlapping,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** An open ledger row, as the API writes it when an intent is created, due for reconciliation from `created`. */
const openRow = (intentId: string, email: string, created: Date) => ({
  intentId,
  email,
  classId: '6a0000000000000000000001',
  selectionId: '6a0000000000000000000002',
  amount: 8000,
  state: 'open',
  charged: false,
  refundAttempts: 0,
  attempts: 0,
  pokes: 0,
  nextAttemptAt: created,
  createdAt: created,
  updatedAt: created,
});

// Two API instances on one database reconcile the same due rows: each row is claimed by one of them, so each is
// handled once and the provider gets one call per row, and both instances share the work.
describe('reconciliation across two instances', () => {
  let replicas: Replicas;
  let a: TestApp;
  let b: TestApp;
  let provider: Awaited<ReturnType<typeof countingProvider>>;

  beforeAll(async () => {
    provider = await countingProvider();
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_sportify',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(provider.port),
      STRIPE_API_PROTOCOL: 'http',
      PAYMENT_SETTLE_DELAY_SECONDS: '0',
    };
    replicas = await startReplicas({ env });
    ({ a, b } = replicas);
  });
  afterAll(async () => {
    await replicas?.close();
    await provider?.close();
  });

  /** `ROWS` open rows, an hour old, due now. */
  async function dueRows(now: Date) {
    const created = new Date(now.getTime() - 3_600_000);
    await a.db().collection('payment_settlements').deleteMany({});
    await a
      .db()
      .collection('payment_settlements')
      .insertMany(
        Array.from({ length: ROWS }, (_, i) =>
          openRow(`pi_due_${String(i).padStart(4, '0')}`, `due${i}@example.com`, created),
        ),
      );
  }

  it(`${ROWS} due rows on one instance, for comparison: each handled once`, async () => {
    const now = new Date();
    await dueRows(now);
    const started = Date.now();
    const alone = await a.app.get(ReconciliationService).runOnce(now);
    console.log(`reconciled ${ROWS} due rows on one instance in ${Date.now() - started} ms`);
    expect(alone).toMatchObject({ looked: ROWS, failed: 0 });
    expect([...provider.calls.values()].every((n) => n === 1)).toBe(true);
    provider.calls.clear();
  });

  it(`${ROWS} due rows: each handled once, one provider call per row, both instances working`, async () => {
    const now = new Date();
    await dueRows(now);

    const started = Date.now();
    const [ra, rb] = await Promise.all([
      a.app.get(ReconciliationService).runOnce(now),
      b.app.get(ReconciliationService).runOnce(now),
    ]);
    const ms = Date.now() - started;
    console.log(
      `reconciled ${ROWS} due rows on two instances in ${ms} ms: ${ra.looked} + ${rb.looked} rows, ` +
        `${[...provider.calls.values()].reduce((x, y) => x + y, 0)} provider calls, ${provider.overlapping()} overlapping`,
    );

    expect(ra.failed + rb.failed).toBe(0);
    expect(ra.looked + rb.looked).toBe(ROWS);
    expect(ra.looked).toBeGreaterThan(0);
    expect(rb.looked).toBeGreaterThan(0);
    expect(provider.calls.size).toBe(ROWS);
    expect([...provider.calls.values()].every((n) => n === 1)).toBe(true);
    expect(provider.overlapping()).toBe(0);
    // Every row pushed back (not paid yet) and let go.
    const rows = a.db().collection('payment_settlements');
    expect(await rows.countDocuments({ nextAttemptAt: { $lte: now } })).toBe(0);
    expect(await rows.countDocuments({ owner: { $exists: true } })).toBe(0);

    // A second pass at the same time finds nothing due: no second call.
    const again = await Promise.all([
      a.app.get(ReconciliationService).runOnce(now),
      b.app.get(ReconciliationService).runOnce(now),
    ]);
    expect(again[0].looked + again[1].looked).toBe(0);
    expect([...provider.calls.values()].every((n) => n === 1)).toBe(true);
  });

  it('a row whose reconciliation throws is pushed back with backoff and does not block the others', async () => {
    const rows = a.db().collection('payment_settlements');
    await rows.deleteMany({});
    const created = new Date(Date.now() - 3_600_000);
    const row = (intentId: string) => openRow(intentId, 'x@example.com', created);
    // The provider fails every call for the broken rows; they are the oldest, so they come first.
    await rows.insertMany([
      ...Array.from({ length: 8 }, (_, i) => row(`pi_broken_${i}`)),
      ...Array.from({ length: 8 }, (_, i) => ({
        ...row(`pi_fine_${i}`),
        nextAttemptAt: new Date(created.getTime() + 1),
      })),
    ]);
    provider.calls.clear();
    const now = new Date();
    const report = await a.app.get(ReconciliationService).runOnce(now);
    expect(report).toMatchObject({ looked: 16, failed: 8 });
    const broken = await rows.find({ intentId: /^pi_broken_/ }).toArray();
    for (const r of broken) {
      expect(r).toMatchObject({ state: 'open', attempts: 1, lastError: expect.any(String) });
      expect(r.owner).toBeUndefined();
      expect(r.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    }
    expect(await rows.countDocuments({ intentId: /^pi_fine_/, nextAttemptAt: { $gt: now } })).toBe(8);
    // The next pass at the same time does not retry them yet.
    expect((await a.app.get(ReconciliationService).runOnce(now)).looked).toBe(0);
  });
});
