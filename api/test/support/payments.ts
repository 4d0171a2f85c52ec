import Stripe from 'stripe';
import type { Session, TestApp } from './test-app';

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
