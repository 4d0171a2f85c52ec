import { Clock } from '../src/clock/clock.service';
import { renderMail } from '../src/mail/templates';
import { InstallmentCharges } from '../src/payments/installment-charges.service';
import { ADMIN, JORDAN } from './support/demo';
import { CARDS, confirmCard, ledgerDrifts, recordPayment } from './support/payments';
import { newStudent, signInDemo, startTestApp, type Session, type TestApp } from './support/test-app';

// Far enough ahead that a plan of 3 installments has room before "7 days before the class starts".
const START = new Date(Date.now() + 120 * 86_400_000).toISOString();
const DAY_MS = 86_400_000;
const NEEDS_CUSTOMER_CARD = '4000 0027 6000 3184';

/** An item of My Enrolled Classes, as the API answers it. */
interface EnrolledJson {
  _id: string;
  className: string;
  camperName?: string;
  lines?: { kind: string; label: string; amount: number }[];
  balanceDue?: { amount: number; failed: boolean };
  installments: { state: string; dueAt: string; attempts: number }[];
}

describe('deposits, payment plans, discounts, promo codes and account credit', () => {
  let t: TestApp;
  let admin: Session;
  let jordan: Session;

  const classBody = (extra: Record<string, unknown> = {}) => ({
    className: `Plan ${Math.random().toString(36).slice(2, 8)}`,
    classImage: 'http://localhost:3000/images/classes/soccer.svg',
    seats: 5,
    price: 300,
    startDate: START,
    sessions: 4,
    ...extra,
  });

  /** A new approved class of Jordan's. */
  async function newClass(extra: Record<string, unknown> = {}) {
    const id = (await t.http().post('/classes').set(jordan.auth).send(classBody(extra)).expect(201)).body
      .insertedId as string;
    await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
    return id;
  }

  const select = async (s: Session, classId: string, camperId?: string) =>
    (
      await t
        .http()
        .post('/classes/selected')
        .set(s.auth)
        .send({ classId, ...(camperId ? { camperId } : {}) })
        .expect(201)
    ).body.insertedId as string;

  const intent = (s: Session, body: Record<string, unknown>) =>
    t.http().post('/create-payment-intent').set(s.auth).send(body);

  /** Opens the intent with `body`, pays it with `number` and records it; the intent's answer and the payment id. */
  async function pay(
    s: Session,
    classId: string,
    selectionId: string,
    body: Record<string, unknown> = {},
    number = CARDS.ok,
  ) {
    const opened = (await intent(s, { selectionId, ...body }).expect(200)).body;
    if (opened.amount > 0) await confirmCard(t, s, opened.clientSecret, number).expect(200);
    const res = await recordPayment(t, s, { intentId: opened.paymentIntentId, selectionId }, classId).expect(201);
    return {
      opened,
      intentId: opened.paymentIntentId as string,
      paymentId: res.body.insertResult.insertedId as string,
    };
  }

  const enrolled = async (s: Session) =>
    (await t.http().get(`/payments/enrolled/${s.email}`).set(s.auth).expect(200)).body as EnrolledJson[];

  const mailsTo = async (email: string) =>
    (await t.db().collection('mail_outbox').find({ to: email }).toArray()).map(
      (m) => renderMail(m.template, m.data, { timeZone: 'America/New_York', siteUrl: 'http://x' }).subject,
    );

  const runInstallments = () => t.app.get(InstallmentCharges).run(t.app.get(Clock).now());

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { PAYMENT_SETTLE_DELAY_SECONDS: '0' } });
    [admin, jordan] = await signInDemo(t, ADMIN, JORDAN);
  });
  afterEach(() => t.app.get(Clock).move(0));
  afterAll(() => t.close());

  describe('a class with a plan', () => {
    it('needs both parts, a start date and a deposit below the price', async () => {
      const refused = async (body: Record<string, unknown>) =>
        (await t.http().post('/classes').set(jordan.auth).send(classBody(body)).expect(400)).body.message;
      expect(await refused({ deposit: 50 })).toBe('A payment plan needs both a deposit and the number of installments');
      expect(await refused({ deposit: 50, installments: 3, startDate: undefined })).toBe(
        'A class without a start date cannot have a payment plan: set its start date first',
      );
      expect(await refused({ deposit: 300, installments: 3 })).toBe('Deposit must be less than the price');
      expect(await refused({ deposit: 50, installments: 7 })).toBe('Installments must be a whole number from 1 to 6');
      const id = await newClass({ deposit: 60, installments: 3 });
      const mine = await t.http().get(`/classes/user/${JORDAN.email}`).set(jordan.auth).expect(200);
      expect(mine.body.find((c: { _id: string }) => c._id === id)).toMatchObject({ deposit: 60, installments: 3 });
    });

    it('pays the deposit with the card saved, then the job charges each installment once on its date', async () => {
      const parent = await newStudent(t, 'deposit');
      const classId = await newClass({ deposit: 60, installments: 3 });
      const selectionId = await select(parent, classId);

      // The plan needs the family's consent to save the card.
      expect((await intent(parent, { selectionId, plan: 'deposit' }).expect(400)).body.message).toBe(
        'Save this card for the remaining payments to pay with the payment plan',
      );
      const { opened, intentId } = await pay(parent, classId, selectionId, { plan: 'deposit', saveCard: true });
      // The server splits the rest evenly: $240 in 3 payments of $80, the deposit charged now.
      expect(opened.amount).toBe(60);
      expect(opened.offers).toMatchObject({ full: 300, plan: { deposit: 60 } });
      expect(opened.quote).toMatchObject({ plan: 'deposit', total: 300, dueNow: 60, deposit: 60 });
      expect(opened.quote.installments.map((i: { amount: number }) => i.amount)).toEqual([80, 80, 80]);
      const dues = opened.quote.installments.map((i: { dueAt: string }) => new Date(i.dueAt).getTime());
      expect(dues[2]).toBeLessThanOrEqual(new Date(START).getTime() - 7 * DAY_MS + 1000);

      const [item] = await enrolled(parent);
      expect(item.balanceDue).toMatchObject({ amount: 240, failed: false });
      expect(item.installments.map((i: { state: string }) => i.state)).toEqual(['scheduled', 'scheduled', 'scheduled']);
      expect(await ledgerDrifts(t)).toEqual([]);

      // Nothing is due yet: the job charges nothing.
      await runInstallments();
      expect((await enrolled(parent))[0].balanceDue?.amount).toBe(240);

      // The camp's clock passes the first date; two passes at once (as two replicas) charge it once.
      await t.app.get(Clock).move(dues[0] - Date.now() + 60_000);
      await Promise.all([runInstallments(), runInstallments()]);
      const after = (await enrolled(parent))[0];
      expect(after.installments.map((i: { state: string }) => i.state)).toEqual(['paid', 'scheduled', 'scheduled']);
      expect(after.balanceDue?.amount).toBe(160);
      const charges = await t
        .db()
        .collection('sandbox_payment_intents')
        .countDocuments({ 'metadata.enrolment': intentId, 'metadata.kind': 'installment' });
      expect(charges).toBe(1);
      expect(await ledgerDrifts(t)).toEqual([]);
    });

    it('a failing installment e-mails the family, is retried after 1 and 3 days, then releases the seat', async () => {
      const parent = await newStudent(t, 'fails');
      const classId = await newClass({ deposit: 100, installments: 1, seats: 1 });
      const waiting = await newStudent(t, 'waits');
      const selectionId = await select(parent, classId);
      await pay(parent, classId, selectionId, { plan: 'deposit', saveCard: true }, NEEDS_CUSTOMER_CARD);
      const className = (await enrolled(parent))[0].className as string;
      // The class is full: the next family waits.
      await t.http().post(`/waitlist/${classId}`).set(waiting.auth).send({}).expect(201);

      const due = new Date((await enrolled(parent))[0].installments[0].dueAt).getTime();
      const at = async (ms: number) => {
        await t.app.get(Clock).move(ms - Date.now());
        await runInstallments();
      };
      await at(due + 60_000);
      expect(await mailsTo(parent.email)).toContain(`Payment failed for ${className}`);
      const item = (await enrolled(parent))[0];
      expect(item.balanceDue).toMatchObject({ amount: 200, failed: true });
      expect(item.installments[0]).toMatchObject({ state: 'scheduled', attempts: 1 });

      await at(due + DAY_MS + 120_000);
      expect((await enrolled(parent))[0].installments[0]).toMatchObject({ state: 'scheduled', attempts: 2 });
      // The last retry, 3 days after the first failure: the seat is released and offered to the waitlist.
      await at(due + 3 * DAY_MS + 180_000);
      expect(await enrolled(parent)).toEqual([]);
      expect((await mailsTo(parent.email)).filter((m) => m === `Payment failed for ${className}`)).toHaveLength(3);
      expect(await mailsTo(parent.email)).toContain(`Your place in ${className} has been released`);
      // What the family paid is kept as credit.
      const account = await t.http().get('/account').set(parent.auth).expect(200);
      expect(account.body.credit).toBe(100);
      // The waitlist's first family is offered the seat.
      const offers = await t.db().collection('waitlist_offers').find({ classId }).toArray();
      expect(offers.map((o) => o.email ?? o.studentEmail)).toEqual([waiting.email]);
      expect(await ledgerDrifts(t)).toEqual([]);
    });
  });

  it('Pay balance now: the family pays what is left on-session after a failed charge, once', async () => {
    const parent = await newStudent(t, 'balance');
    const classId = await newClass({ deposit: 50, installments: 2 });
    await pay(parent, classId, await select(parent, classId), { plan: 'deposit', saveCard: true }, NEEDS_CUSTOMER_CARD);
    const [item] = await enrolled(parent);
    const due = new Date(item.installments[0].dueAt).getTime();
    await t.app.get(Clock).move(due - Date.now() + 60_000);
    await runInstallments();
    const failed = (await enrolled(parent))[0];
    expect(failed.balanceDue).toMatchObject({ amount: 250, failed: true });

    const paymentId = failed._id;
    const opened = await t.http().post(`/payments/${paymentId}/balance`).set(parent.auth).expect(200);
    expect(opened.body).toMatchObject({ amount: 250, paymentIntentId: expect.stringMatching(/^pi_/) });
    await confirmCard(t, parent, opened.body.clientSecret).expect(200);
    const body = { transactionId: opened.body.paymentIntentId };
    const [first, again] = await Promise.all([
      t.http().post('/payments/balance').set(parent.auth).send(body),
      t.http().post('/payments/balance').set(parent.auth).send(body),
    ]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(first.body).toEqual({ paid: 250, refunded: 0 });
    expect(again.body).toEqual(first.body);
    const after = (await enrolled(parent))[0];
    expect(after.balanceDue).toBeUndefined();
    expect(after.installments.map((i) => i.state)).toEqual(['paid', 'paid']);
    // Nothing is left to pay, and the job charges nothing more.
    await t.http().post(`/payments/${paymentId}/balance`).set(parent.auth).expect(409);
    await runInstallments();
    expect(await ledgerDrifts(t)).toEqual([]);
    // Another family cannot open or record it.
    const stranger = await newStudent(t, 'stranger');
    await t.http().post(`/payments/${paymentId}/balance`).set(stranger.auth).expect(404);
    await t.http().post('/payments/balance').set(stranger.auth).send(body).expect(402);
  });

  describe('discounts', () => {
    it('the sibling discount is given to the second camper of a family in the same class', async () => {
      await t.http().put('/discounts/sibling').set(admin.auth).send({ percent: 10 }).expect(200);
      const parent = await newStudent(t, 'siblings');
      const camper = async (name: string, dateOfBirth: string) =>
        (
          await t
            .http()
            .post('/campers')
            .set(parent.auth)
            .send({ name, dateOfBirth, notes: '', emergencyContact: 'Grandma', emergencyPhone: '+1 555 0100' })
            .expect(201)
        ).body._id as string;
      const [leo, ava] = [await camper('Leo', '2016-01-10'), await camper('Ava', '2014-03-01')];
      const classId = await newClass({ price: 200 });
      const first = await pay(parent, classId, await select(parent, classId, leo));
      expect(first.opened.amount).toBe(200);
      const second = await pay(parent, classId, await select(parent, classId, ava));
      expect(second.opened.amount).toBe(180);
      expect(second.opened.quote.lines).toEqual([
        { kind: 'price', label: 'Price', amount: 200 },
        { kind: 'sibling', label: 'Sibling discount (10%)', amount: -20 },
        { kind: 'total', label: 'Total', amount: 180 },
      ]);
      // The payments list shows the breakdown it was paid at.
      const ava2 = (await enrolled(parent)).find((e) => e.camperName === 'Ava')!;
      expect(ava2.lines).toEqual(second.opened.quote.lines);
      await t.http().put('/discounts/sibling').set(admin.auth).send({ percent: 0 }).expect(200);
      expect(await ledgerDrifts(t)).toEqual([]);
    });

    it('the early-bird price applies until its day', async () => {
      const parent = await newStudent(t, 'early');
      const classId = await newClass({ price: 150 });
      await t
        .http()
        .put(`/discounts/early-bird/${classId}`)
        .set(admin.auth)
        .send({ price: 200, until: '2099-01-01' })
        .expect(400);
      await t
        .http()
        .put(`/discounts/early-bird/${classId}`)
        .set(admin.auth)
        .send({ price: 120, until: '2099-01-01' })
        .expect(200);
      const { opened } = await pay(parent, classId, await select(parent, classId));
      expect(opened.amount).toBe(120);
      expect(opened.quote.lines).toContainEqual({ kind: 'earlyBird', label: 'Early-bird', amount: -30 });
    });

    it('promo codes: applied, expired, not valid, used up; the last use goes to one of 10 racing tabs', async () => {
      const classId = await newClass({ price: 100, seats: 20 });
      const code = (body: Record<string, unknown>) =>
        t
          .http()
          .post('/discounts/codes')
          .set(admin.auth)
          .send({ kind: 'percent', value: 10, validUntil: '2099-12-31', maxUses: 5, ...body });
      await code({ code: 'SUMMER10' }).expect(201);
      await code({ code: 'OLD5', validUntil: '2020-01-01' }).expect(201);
      await code({ code: 'LAST1', kind: 'amount', value: 25, maxUses: 1 }).expect(201);
      // Only admins make codes.
      await t
        .http()
        .post('/discounts/codes')
        .set(jordan.auth)
        .send({ code: 'MINE', kind: 'percent', value: 90, validUntil: '2099-12-31', maxUses: 5 })
        .expect(403);

      const parent = await newStudent(t, 'codes');
      const selectionId = await select(parent, classId);
      const apply = (s: Session, sel: string, c: string) =>
        t.http().post('/payments/promo-code').set(s.auth).send({ selectionId: sel, code: c });
      expect((await apply(parent, selectionId, 'NOPE').expect(400)).body.message).toBe('This code is not valid');
      expect((await apply(parent, selectionId, 'old5').expect(400)).body.message).toBe('This code has expired');
      const applied = await apply(parent, selectionId, 'summer10').expect(200);
      expect(applied.body).toMatchObject({ code: 'SUMMER10', amount: 10 });

      const { opened, intentId } = await pay(parent, classId, selectionId, { promoCode: 'summer10' });
      expect(opened.amount).toBe(90);
      // The receipt shows the code's line and the total.
      const receipt = await t
        .db()
        .collection('mail_outbox')
        .findOne({ key: `receipt:${intentId}` });
      const text = JSON.stringify(renderMail(receipt!.template, receipt!.data, { timeZone: 'UTC', siteUrl: 'x' }));
      expect(text).toContain('Code SUMMER10: -$10');
      expect(text).toContain('Total: $90');

      // Ten families apply the last use at once: one wins.
      const families = await Promise.all(Array.from({ length: 10 }, (_, i) => newStudent(t, `race${i}`)));
      const selections = await Promise.all(families.map((s) => select(s, classId)));
      const answers = await Promise.all(families.map((s, i) => apply(s, selections[i], 'LAST1')));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const losers = answers.filter((r) => r.status !== 200);
      expect(losers.map((r) => [r.status, r.body.message])).toEqual(
        Array.from({ length: 9 }, () => [409, 'This code has been used up']),
      );
      expect(await ledgerDrifts(t)).toEqual([]);
    });
  });

  describe('account credit', () => {
    it('a cancellation kept as credit pays part of another class, and the statement shows it', async () => {
      const parent = await newStudent(t, 'credit');
      const first = await newClass({ price: 80 });
      const second = await newClass({ price: 200 });
      const { paymentId } = await pay(parent, first, await select(parent, first));
      const cancelled = await t
        .http()
        .post(`/payments/${paymentId}/cancel`)
        .set(parent.auth)
        .send({ refundTo: 'credit' })
        .expect(200);
      expect(cancelled.body).toMatchObject({ cancelled: true, refund: 0, credit: 80, refundTo: 'credit' });
      expect((await t.http().get('/account').set(parent.auth).expect(200)).body.credit).toBe(80);

      const selectionId = await select(parent, second);
      const { opened } = await pay(parent, second, selectionId, { useCredit: true });
      expect(opened.offers.credit).toBe(80);
      expect(opened.amount).toBe(120);
      expect(opened.quote.lines).toContainEqual({ kind: 'credit', label: 'Credit used', amount: -80 });

      expect((await t.http().get('/account').set(parent.auth).expect(200)).body.credit).toBe(0);
      const statement = (await t.http().get('/account/statement').set(parent.auth).expect(200)).body.items;
      expect(statement.map((m: { label: string; amount: number }) => [m.label, m.amount])).toEqual(
        expect.arrayContaining([
          ['Kept as credit', 80],
          ['Credit used', -80],
          ['Payment', -120],
        ]),
      );
      expect(await ledgerDrifts(t)).toEqual([]);

      // The check sees money that does not add up: a payment lost from the account is drift.
      const movements = t.db().collection('account_movements');
      const lost = (await movements.findOne({ email: parent.email, kind: 'payment' }))!;
      await movements.deleteOne({ _id: lost._id });
      expect(await ledgerDrifts(t)).toEqual([
        `enrolment ${lost.enrolment}: its account movements add up to ${-lost.cents} cents, not the 0 scheduled`,
      ]);
      await movements.insertOne(lost);
      expect(await ledgerDrifts(t)).toEqual([]);
    });

    it('refuses a bad choice of where the money goes, with a clear message', async () => {
      const parent = await newStudent(t, 'badchoice');
      const classId = await newClass({ price: 50 });
      const { paymentId } = await pay(parent, classId, await select(parent, classId));
      const res = await t
        .http()
        .post(`/payments/${paymentId}/cancel`)
        .set(parent.auth)
        .send({ refundTo: 'cash' })
        .expect(400);
      expect(res.body.message).toBe("refundTo must be 'card' or 'credit'");
    });
  });
});
