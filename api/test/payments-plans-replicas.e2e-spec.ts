import { JORDAN } from './support/demo';
import { confirmCard, ledgerDrifts, recordPayment } from './support/payments';
import { seededReplicas, type Replicas } from './support/replicas';
import { newStudent, signInAs, type Session, type TestApp } from './support/test-app';

const DAY_MS = 86_400_000;

/** An item of My Enrolled Classes, as the API answers it. */
interface EnrolledJson {
  _id: string;
  transactionId: string;
  balanceDue?: { amount: number };
  installments: { state: string; dueAt: string }[];
}

// Promo codes and payment plans on two API instances sharing one database, as two replicas behind a balancer:
// everything through HTTP, each call to either instance. Each case ends with the ledger check finding no drift.
describe('promo codes and payment plans across two API instances', () => {
  let r: Replicas & { admin: Session };
  let jordan: Session;

  beforeAll(async () => {
    r = await seededReplicas();
    jordan = await signInAs(r.a, JORDAN.email, JORDAN.password);
  });
  afterEach(async () => {
    for (const t of [r.a, r.b]) await t.http().put('/dev/clock').set(r.admin.auth).send({ offsetMs: 0 }).expect(200);
  });
  afterAll(() => r?.close());

  /** A new approved class of Jordan's, starting in 120 days. */
  async function newClass(fields: Record<string, unknown>) {
    const id = (
      await r.a
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({
          className: `Replicas ${Math.random().toString(36).slice(2, 8)}`,
          classImage: 'http://localhost:3000/images/classes/soccer.svg',
          seats: 20,
          startDate: new Date(Date.now() + 120 * DAY_MS).toISOString(),
          sessions: 4,
          ...fields,
        })
        .expect(201)
    ).body.insertedId as string;
    await r.b.http().patch(`/classes/status/${id}`).set(r.admin.auth).send({ status: 'approved' }).expect(200);
    return id;
  }

  const select = async (t: TestApp, s: Session, classId: string) =>
    (await t.http().post('/classes/selected').set(s.auth).send({ classId }).expect(201)).body.insertedId as string;

  /** Opens the intent with `choice` on `open`, pays it and records it on `record`; the intent's answer. */
  async function pay(open: TestApp, record: TestApp, s: Session, classId: string, choice: Record<string, unknown>) {
    const selectionId = await select(open, s, classId);
    const opened = (
      await open
        .http()
        .post('/create-payment-intent')
        .set(s.auth)
        .send({ selectionId, ...choice })
    ).body;
    await confirmCard(open, s, opened.clientSecret).expect(200);
    await recordPayment(record, s, { intentId: opened.paymentIntentId, selectionId }, classId).expect(201);
    return opened as { paymentIntentId: string; amount: number };
  }

  const enrolled = async (t: TestApp, s: Session) =>
    (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body as EnrolledJson[];

  /** Moves the camp's clock to `at` on both instances (each also reads the stored offset on its own). */
  const moveClockTo = async (at: number) => {
    for (const t of [r.a, r.b])
      await t
        .http()
        .put('/dev/clock')
        .set(r.admin.auth)
        .send({ offsetMs: at - Date.now() })
        .expect(200);
  };

  /** One pass of the installment job on `t`, through the development API; what it did. */
  const runInstallments = async (t: TestApp) =>
    (await t.http().post('/dev/jobs/installment-charges/run').set(r.admin.auth).expect(200)).body as Record<
      string,
      unknown
    >;

  /** The provider's off-session charges of an enrolment's installments. */
  const installmentCharges = (enrolment: string) =>
    r.a
      .db()
      .collection('sandbox_payment_intents')
      .find({ 'metadata.enrolment': enrolment, 'metadata.kind': 'installment' })
      .toArray();

  it('10 tabs on both instances apply the last use of a code: one wins and pays with it, the others are told', async () => {
    const classId = await newClass({ price: 100 });
    const code = `LAST-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    await r.b
      .http()
      .post('/discounts/codes')
      .set(r.admin.auth)
      .send({ code, kind: 'amount', value: 25, validUntil: '2099-12-31', maxUses: 1 })
      .expect(201);
    const families = await Promise.all(Array.from({ length: 10 }, (_, i) => newStudent(r.either(i), `tab${i}`)));
    const selections = await Promise.all(families.map((s, i) => select(r.either(i), s, classId)));

    const answers = await Promise.all(
      families.map((s, i) =>
        r
          .either(i + 1)
          .http()
          .post('/payments/promo-code')
          .set(s.auth)
          .send({ selectionId: selections[i], code }),
      ),
    );
    const winners = answers.flatMap((res, i) => (res.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((res) => res.status !== 200).map((res) => [res.status, res.body.message])).toEqual(
      Array.from({ length: 9 }, () => [409, 'This code has been used up']),
    );

    // The winner pays with it on one instance and records on the other; a loser who asks for it anyway is refused.
    const [w] = winners;
    const opened = (
      await r
        .either(w)
        .http()
        .post('/create-payment-intent')
        .set(families[w].auth)
        .send({ selectionId: selections[w], promoCode: code })
        .expect(200)
    ).body;
    expect(opened.amount).toBe(75);
    await confirmCard(r.either(w), families[w], opened.clientSecret).expect(200);
    await recordPayment(
      r.either(w + 1),
      families[w],
      { intentId: opened.paymentIntentId, selectionId: selections[w] },
      classId,
    ).expect(201);
    const loser = (w + 1) % 10;
    const refused = await r
      .either(loser)
      .http()
      .post('/create-payment-intent')
      .set(families[loser].auth)
      .send({ selectionId: selections[loser], promoCode: code })
      .expect(409);
    expect(refused.body.message).toBe('This code has been used up');

    const codes = (await r.a.http().get('/discounts/codes').set(r.admin.auth).expect(200)).body.items as {
      code: string;
      used: number;
    }[];
    expect(codes.find((c) => c.code === code)?.used).toBe(1);
    expect(await ledgerDrifts(r.a)).toEqual([]);
  });

  it('the installment job on both instances at once charges each installment once', async () => {
    const classId = await newClass({ price: 300, deposit: 60, installments: 3 });
    const families = await Promise.all(Array.from({ length: 6 }, (_, i) => newStudent(r.either(i), `plan${i}`)));
    const opened = [];
    for (const [i, s] of families.entries())
      opened.push(await pay(r.either(i), r.either(i + 1), s, classId, { plan: 'deposit', saveCard: true }));
    const [first] = await enrolled(r.a, families[0]);
    const lastDue = Math.max(...first.installments.map((i) => Date.parse(i.dueAt)));

    // Every installment is due: two passes on each instance at once.
    await moveClockTo(lastDue + 60_000);
    await Promise.all([r.a, r.b, r.a, r.b].map(runInstallments));

    for (const [i, s] of families.entries()) {
      const [item] = await enrolled(r.either(i), s);
      expect(item.installments.map((x) => x.state)).toEqual(['paid', 'paid', 'paid']);
      expect(item.balanceDue).toBeUndefined();
      const charges = await installmentCharges(opened[i].paymentIntentId);
      expect(charges.map((c) => c.amount).sort()).toEqual([8000, 8000, 8000]);
    }
    // Nothing is left to charge on either instance.
    const again = await Promise.all([r.a, r.b].map(runInstallments));
    expect(again.reduce((sum, report) => sum + Number(report.paid ?? 0), 0)).toBe(0);
    expect(await ledgerDrifts(r.a)).toEqual([]);
  });

  it('a cancellation with a refund racing an installment on the other instance leaves the ledger consistent', async () => {
    const classId = await newClass({ price: 300, deposit: 60, installments: 3 });
    const cases = await Promise.all(Array.from({ length: 4 }, (_, i) => newStudent(r.either(i), `refund${i}`)));
    const opened = [];
    for (const [i, s] of cases.entries())
      opened.push(await pay(r.either(i), r.either(i + 1), s, classId, { plan: 'deposit', saveCard: true }));
    const [first] = await enrolled(r.a, cases[0]);
    await moveClockTo(Date.parse(first.installments[0].dueAt) + 60_000);

    // Each family cancels on one instance while the job charges the first installment on the other.
    const raced = await Promise.all(
      cases.map(async (s, i) => {
        const [item] = await enrolled(r.either(i), s);
        const [cancel] = await Promise.all([
          r.either(i).http().post(`/payments/${item._id}/cancel`).set(s.auth).send({ refundTo: 'card' }),
          runInstallments(r.either(i + 1)),
        ]);
        return cancel;
      }),
    );
    for (const res of raced) expect([res.status, res.body.cancelled]).toEqual([200, true]);
    // Later passes on both instances charge nothing for a cancelled enrolment.
    await Promise.all([r.a, r.b].map(runInstallments));

    // Whatever the provider took for each enrolment (the deposit, and the installment if it won) goes back in full.
    const intents = r.a.db().collection('sandbox_payment_intents');
    for (const [i, s] of cases.entries()) {
      expect(await enrolled(r.either(i), s)).toEqual([]);
      const enrolment = opened[i].paymentIntentId;
      const taken = await intents
        .find({
          $or: [{ intentId: enrolment }, { 'metadata.enrolment': enrolment }],
          status: 'succeeded',
        })
        .toArray();
      const charged = taken.reduce((sum, x) => sum + x.amount, 0);
      const refunded = taken.reduce((sum, x) => sum + (x.refunded ? (x.amountRefunded ?? x.amount) : 0), 0);
      expect(charged).toBeGreaterThanOrEqual(6000);
      expect(refunded).toBe(charged);
      expect(await r.a.db().collection('installments').countDocuments({ enrolment, state: 'scheduled' })).toBe(0);
    }
    expect(await ledgerDrifts(r.a)).toEqual([]);
  });
});
