import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeGateway } from '../src/payments/gateway/stripe.gateway';
import { ADMIN, JORDAN } from './support/demo';
import { card, intentAskedBy, openIntent, selectAndOpenIntent } from './support/payments';
import { newStudent, signInDemo, startTestApp, type TestApp } from './support/test-app';

// Contract tests of the Stripe adapter against the official stripe-mock (stateless: it answers with Stripe's
// fixtures, so these check the calls and the mapping, not a payment's life cycle).
const stripeEnv = () => ({
  STRIPE_SECRET_KEY: 'sk_test_sportify',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: process.env.SPORTIFY_TEST_STRIPE_MOCK_PORT ?? '',
  STRIPE_API_PROTOCOL: 'http',
});

describe('Stripe adapter against stripe-mock', () => {
  const gateway = new StripeGateway({
    stripeSecretKey: 'sk_test_sportify',
    stripeApi: { host: '127.0.0.1', port: Number(process.env.SPORTIFY_TEST_STRIPE_MOCK_PORT), protocol: 'http' },
  });
  const metadata = {
    email: 'mia@sportify.camp',
    classId: '0123456789abcdef01234567',
    selectionId: '76543210fedcba9876543210',
  };

  it('creates a card payment intent for the amount in cents', async () => {
    const intent = await gateway.createIntent({ amount: 11000, currency: 'usd', metadata, attempt: 0 });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      status: expect.any(String),
      amount: 11000,
      currency: 'usd',
      metadata: expect.any(Object), // stripe-mock does not echo metadata
      refunded: false,
      amountRefunded: 0,
      disputed: false,
    });
  });

  it('retrieves an intent with its latest charge, and does not call Stripe for ids that cannot be intents', async () => {
    const intent = await gateway.retrieveIntent('pi_123');
    expect(intent).toMatchObject({
      id: 'pi_123',
      status: expect.any(String),
      amount: expect.any(Number),
      refunded: expect.any(Boolean),
    });
    await expect(gateway.retrieveIntent('ch_123')).resolves.toBeNull();
    await expect(gateway.retrieveIntent('pi_../../v1/charges')).resolves.toBeNull();
  });

  it('cancels an intent (expiry) and answers it as it is afterwards; ids that cannot be intents are not sent', async () => {
    const intent = await gateway.cancelIntent('pi_123');
    expect(intent).toMatchObject({ id: 'pi_123', status: expect.any(String), disputed: expect.any(Boolean) });
    await expect(gateway.cancelIntent('ch_123')).resolves.toBeNull();
  });

  it('refunds an intent', async () => {
    await expect(gateway.refund('pi_123')).resolves.toBeUndefined();
  });

  it('saves the card of a plan: a customer, and the deposit intent set up for off-session use', async () => {
    const customer = await gateway.createCustomer('mia@sportify.camp');
    expect(customer).toMatch(/^cus_/);
    const intent = await gateway.createIntent({
      amount: 6000,
      currency: 'usd',
      metadata,
      attempt: 0,
      saveCardFor: customer,
    });
    expect(intent).toMatchObject({ id: expect.stringMatching(/^pi_/), amount: 6000 });
  });

  it('charges a saved card off-session (an installment) and answers the outcome', async () => {
    const charged = await gateway.chargeSaved({
      customerId: 'cus_123',
      paymentMethodId: 'pm_123',
      amount: 8000,
      currency: 'usd',
      metadata: { email: metadata.email, classId: metadata.classId, enrolment: 'pi_123', kind: 'installment' },
      idempotencyKey: 'installment-test-0',
    });
    // stripe-mock answers its fixture, whatever its status: the call and the mapping are what is checked.
    expect(['succeeded', 'needs_customer', 'declined']).toContain(charged.outcome);
    expect(charged.intent).toMatchObject({ id: expect.stringMatching(/^pi_/), amount: expect.any(Number) });
  });

  it('surfaces Stripe API errors instead of swallowing them', async () => {
    await expect(
      gateway.createIntent({ amount: Number.NaN, currency: 'usd', metadata, attempt: 0 }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('amount'),
    });
  });
});

describe("the Stripe adapter's idempotency keys", () => {
  // A stand-in for Stripe's HTTP API (mocked at the HTTP boundary) that, like Stripe, answers a create with a reused
  // Idempotency-Key with the intent it made for that key first; stripe-mock is stateless and ignores keys.
  const keys: string[] = [];
  const metadataOf = new Map<string, Record<string, string>>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      let id = /^\/v1\/payment_intents\/(pi_\w+)/.exec(req.url ?? '')?.[1];
      if (!id) {
        const key = String(req.headers['idempotency-key'] ?? '');
        if (!keys.includes(key)) keys.push(key);
        id = `pi_key${keys.indexOf(key)}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of new URLSearchParams(body)) {
          const field = /^metadata\[(\w+)\]$/.exec(name)?.[1];
          if (field) metadata[field] = value;
        }
        if (!metadataOf.has(id)) metadataOf.set(id, metadata);
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id,
          object: 'payment_intent',
          client_secret: `${id}_secret_x`,
          status: 'requires_payment_method',
          amount: 11000,
          currency: 'usd',
          metadata: metadataOf.get(id) ?? {},
        }),
      );
    });
  });
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reuses the intent of the same selection, amount and attempt, and makes a new one for the next attempt', async () => {
    const gateway = new StripeGateway({
      stripeSecretKey: 'sk_test_sportify',
      stripeApi: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const metadata = { email: 'mia@sportify.camp', classId: 'c'.repeat(24), selectionId: 'd'.repeat(24) };
    const first = await gateway.createIntent({ amount: 11000, currency: 'usd', metadata, attempt: 0 });
    const reload = await gateway.createIntent({ amount: 11000, currency: 'usd', metadata, attempt: 0 });
    const next = await gateway.createIntent({ amount: 11000, currency: 'usd', metadata, attempt: 1 });
    expect(reload.id).toBe(first.id);
    expect(next.id).not.toBe(first.id);
  });

  it('gives a student whose payment was refunded a new intent for the same selection, not the spent one', async () => {
    const t = await startTestApp({ seed: true, env: { ...stripeEnv(), STRIPE_API_PORT: String(port) } });
    try {
      const s = await newStudent(t, 'refunded');
      const classId = (await t.db().collection('classes').findOne({ className: 'Swimming Lessons' }))!._id.toString();
      const { selectionId, intentId: first } = await selectAndOpenIntent(t, s, classId);
      const intentFor = async () => (await openIntent(t, s, selectionId)).intentId;
      expect(await intentFor()).toBe(first); // a reload of the payment page
      // The ledger closes that intent, as after a sold-out refund.
      await t
        .db()
        .collection('payment_settlements')
        .updateOne({ intentId: first }, { $set: { state: 'refunded', reason: 'sold_out' } });
      const second = await intentFor();
      expect(second).not.toBe(first);
      expect(await intentFor()).toBe(second);
    } finally {
      await t.close();
    }
  });
});

describe("the Stripe adapter's off-session charges (Stripe's answers, at the HTTP boundary)", () => {
  // stripe-mock answers fixtures only; these are Stripe's documented answers to an off-session confirm.
  let answer: { status: number; body: Record<string, unknown> };
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push(new URLSearchParams(body));
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  const intentBody = (status: string) => ({
    id: 'pi_off',
    object: 'payment_intent',
    client_secret: 'pi_off_secret_x',
    status,
    amount: 8000,
    currency: 'usd',
    metadata: {},
  });
  let gateway: StripeGateway;
  const charge = () =>
    gateway.chargeSaved({
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      amount: 8000,
      currency: 'usd',
      metadata: { email: 'mia@sportify.camp', classId: 'c'.repeat(24), enrolment: 'pi_dep', kind: 'installment' },
      idempotencyKey: 'installment-x-0',
    });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    gateway = new StripeGateway({
      stripeSecretKey: 'sk_test_sportify',
      stripeApi: { host: '127.0.0.1', port, protocol: 'http' },
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('confirms at once, off-session, with the saved card and customer', async () => {
    answer = { status: 200, body: intentBody('succeeded') };
    expect(await charge()).toMatchObject({ outcome: 'succeeded', intent: { id: 'pi_off', status: 'succeeded' } });
    expect(Object.fromEntries(seen.at(-1)!)).toMatchObject({
      off_session: 'true',
      confirm: 'true',
      customer: 'cus_1',
      payment_method: 'pm_1',
      amount: '8000',
    });
  });

  it("a card that needs its holder (authentication_required, requires_action) is the family's to pay on-session", async () => {
    answer = {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'authentication_required',
          message: 'This payment requires authentication.',
          payment_intent: intentBody('requires_payment_method'),
        },
      },
    };
    expect(await charge()).toMatchObject({ outcome: 'needs_customer', code: 'authentication_required' });
    answer = { status: 200, body: intentBody('requires_action') };
    expect(await charge()).toMatchObject({ outcome: 'needs_customer', code: 'requires_action' });
  });

  it('a decline is an outcome with its code; a provider failure throws', async () => {
    answer = {
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined.' },
      },
    };
    expect(await charge()).toMatchObject({
      outcome: 'declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    answer = { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such customer' } } };
    await expect(charge()).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});

describe('the API in Stripe mode (STRIPE_SECRET_KEY set)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: stripeEnv() });
  });
  afterAll(() => t.close());

  it('creates intents through Stripe, never enrols on an unconfirmed intent, and has no sandbox confirm call', async () => {
    const s = await newStudent(t, 'stripe');
    const classId = (await t.db().collection('classes').findOne({ className: 'Swimming Lessons' }))!._id.toString();
    const intent = await selectAndOpenIntent(t, s, classId);
    expect(intent.body).toMatchObject({
      clientSecret: expect.stringMatching(/_secret_/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      amount: 110,
    });

    await t
      .http()
      .post('/payments/sandbox/confirm')
      .set(s.auth)
      .send({ clientSecret: intent.clientSecret, ...card('4242424242424242') })
      .expect(404);

    // stripe-mock's fixture intents are not succeeded, and not this student's: nothing is recorded.
    const res = await t
      .http()
      .post('/payments')
      .set(s.auth)
      .send({ transactionId: intent.intentId, deleteId: intent.selectionId, id: classId });
    expect(res.status).toBe(402);
    expect(await t.db().collection('payments').countDocuments({ transactionId: intent.intentId })).toBe(0);
  });

  it('keeps role checks in front of the gateway', async () => {
    const [admin, instructor] = await signInDemo(t, ADMIN, JORDAN);
    await intentAskedBy(t, admin).expect(403);
    await intentAskedBy(t, instructor).expect(403);
  });
});
