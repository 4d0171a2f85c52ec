import Stripe from 'stripe';
import { LedgerCheckService } from '../../src/payments/ledger-check';
import { newStudent, signInAs, type Session, type TestApp } from './test-app';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
};

export const card = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
});

/** Opens (or reopens) the payment intent of a selection, as each visit of the Payment page does. */
export async function openIntent(t: TestApp, s: Session, selectionId: string) {
  const intent = await t.http().post('/create-payment-intent').set(s.auth).send({ selectionId }).expect(200);
  return {
    clientSecret: intent.body.clientSecret as string,
    intentId: intent.body.paymentIntentId as string,
    body: intent.body,
  };
}

/** Selects a class and opens a payment intent for it, as the Payment page does. */
export async function selectAndOpenIntent(t: TestApp, s: Session, classId: string) {
  const selected = await t
    .http()
    .post('/classes/selected')
    .set(s.auth)
    .send({ classId, studentEmail: s.email })
    .expect(201);
  const selectionId = selected.body.insertedId as string;
  return { selectionId, ...(await openIntent(t, s, selectionId)) };
}

/** An intent asked for by `s` (for someone else's selection id): refused before any gateway is asked. */
export const intentAskedBy = (t: TestApp, s: Session) =>
  t.http().post('/create-payment-intent').set(s.auth).send({ selectionId: '0123456789abcdef01234567' });

/** The test-mode card form's confirm call. */
export const confirmCard = (t: TestApp, s: Session, clientSecret: string, number = CARDS.ok) =>
  t
    .http()
    .post('/payments/sandbox/confirm')
    .set(s.auth)
    .send({ clientSecret, ...card(number), billingDetails: { email: s.email, name: 'Test' } });

/** The spec's POST /payments body after a succeeded confirmation. */
export const paymentBody = (
  s: Session,
  p: { intentId: string; selectionId: string },
  classId: string,
  extra: Record<string, unknown> = {},
) => ({
  email: s.email,
  className: 'whatever the page shows',
  transactionId: p.intentId,
  price: 1,
  id: classId,
  deleteId: p.selectionId,
  date: new Date().toISOString(),
  status: 'service pending',
  ...extra,
});

/** The browser's POST /payments after a succeeded confirmation (the request, for the caller's `.expect`). */
export const recordPayment = (
  t: TestApp,
  s: Session,
  p: { intentId: string; selectionId: string },
  classId: string,
  extra: Record<string, unknown> = {},
) =>
  t
    .http()
    .post('/payments')
    .set(s.auth)
    .send(paymentBody(s, p, classId, extra));

/** What `npm run ledger:check` finds wrong in the settled rows: [] while the ledger's invariants hold. */
export const ledgerDrifts = async (t: TestApp) => (await t.app.get(LedgerCheckService).check({ settled: true })).drifts;

/** A provider event as Stripe sends it: JSON body and a Stripe-Signature header made with the webhook secret. */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${Math.random().toString(36).slice(2)}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Delivers a signed event to POST /payments/webhook (no API token: the signature is the proof). */
export const deliver = (t: TestApp, e: { payload: string; signature: string }) =>
  t
    .http()
    .post('/payments/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', e.signature)
    .send(e.payload);

/** The payment_intent.succeeded object of a sandbox intent, as the provider sends it. */
export async function succeededIntentObject(t: TestApp, intentId: string) {
  const i = (await t.db().collection('sandbox_payment_intents').findOne({ intentId }))!;
  return {
    id: i.intentId,
    object: 'payment_intent',
    status: i.status,
    amount: i.amount,
    currency: i.currency,
    metadata: i.metadata,
    client_secret: i.clientSecret,
    latest_charge: null,
  };
}

/**
 * Changes an intent at the provider (the sandbox's store stands in for Stripe's side): a refund made in the
 * provider's dashboard, a partial refund or a dispute. The event that follows is read back against this.
 */
export async function atProvider(
  t: TestApp,
  intentId: string,
  change: { refunded?: boolean; amountRefunded?: number; disputed?: boolean },
) {
  await t.db().collection('sandbox_payment_intents').updateOne({ intentId }, { $set: change });
}

/** The charge.refunded event of an intent (amounts in cents). */
export const refundEvent = (secret: string, intentId: string, amount: number, amountRefunded: number) =>
  signedEvent(secret, 'charge.refunded', {
    id: `ch_${intentId}`,
    object: 'charge',
    payment_intent: intentId,
    amount,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= amount,
  });

/** The charge.dispute.created event of an intent. */
export const disputeEvent = (secret: string, intentId: string, amount: number) =>
  signedEvent(secret, 'charge.dispute.created', {
    id: `dp_${intentId}`,
    object: 'dispute',
    charge: `ch_${intentId}`,
    payment_intent: intentId,
    amount,
  });

/** A new approved class of the demo instructor Jordan with `seats` seats, so tests do not share seat counts. */
export async function freshClass(t: TestApp, admin: Session, seats: number, price = 80): Promise<string> {
  const instructor = await signInAs(t, 'jordan@sportify.camp', 'Coach@2026');
  const id = (
    await t
      .http()
      .post('/classes')
      .set(instructor.auth)
      .send({
        className: `Ledger ${Math.random().toString(36).slice(2, 8)}`,
        classImage: 'http://localhost:3000/images/classes/soccer.svg',
        seats,
        price,
      })
      .expect(201)
  ).body.insertedId as string;
  await t.http().patch(`/classes/status/${id}`).set(admin.auth).send({ status: 'approved' }).expect(200);
  return id;
}

/** A new student who selected `classId`, opened an intent and paid it with the test card. */
export async function paidIntent(t: TestApp, classId: string, prefix = 'ledger') {
  const s = await newStudent(t, prefix);
  const p = await selectAndOpenIntent(t, s, classId);
  await confirmCard(t, s, p.clientSecret).expect(200);
  return { s, p };
}

/** A camper of the student's family (POST /campers); answers its id. */
export async function addCamper(
  t: TestApp,
  s: Session,
  fields: { name: string; dateOfBirth?: string; emergencyContact?: string; emergencyPhone?: string },
): Promise<string> {
  const body = { dateOfBirth: '2016-02-02', emergencyContact: 'Parent', emergencyPhone: '555 010 0111', ...fields };
  return (await t.http().post('/campers').set(s.auth).send(body).expect(201)).body._id as string;
}

/** The student selects `classId` for a camper of theirs (or, without one, for themselves), opens an intent and pays. */
export async function paidIntentFor(t: TestApp, s: Session, classId: string, camperId?: string) {
  const selectionId = (
    await t
      .http()
      .post('/classes/selected')
      .set(s.auth)
      .send({ classId, ...(camperId ? { camperId } : {}) })
      .expect(201)
  ).body.insertedId as string;
  const p = await openIntent(t, s, selectionId);
  await confirmCard(t, s, p.clientSecret).expect(200);
  return { s, p: { ...p, selectionId }, camperId };
}

/**
 * One family's two paid intents for `classId`: for two of its campers, or (`self`) a camper and the account holder.
 * Both are the same student's, each with its own selection.
 */
export async function familyPaidIntents(t: TestApp, classId: string, second: 'camper' | 'self', prefix = 'family') {
  const s = await newStudent(t, prefix);
  const participants = [
    await addCamper(t, s, { name: 'First' }),
    second === 'camper' ? await addCamper(t, s, { name: 'Second' }) : undefined,
  ];
  const paid = [];
  for (const camperId of participants) paid.push(await paidIntentFor(t, s, classId, camperId));
  return paid;
}
