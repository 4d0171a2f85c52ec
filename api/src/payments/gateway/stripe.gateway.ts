import Stripe from 'stripe';
import type { AppConfig } from '../../config/config';
import type {
  CreateIntentInput,
  CreatePlanIntentInput,
  GatewayIntent,
  IntentMetadata,
  OffSessionChargeInput,
  OffSessionOutcome,
  PaymentGateway,
  PlanChargeMetadata,
} from './payment-gateway';

/** Stripe's payment intent (from the API or from a signed event) as the port's intent. */
export const toGatewayIntent = (pi: Stripe.PaymentIntent): GatewayIntent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? '',
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  metadata: pi.metadata as Partial<IntentMetadata> & Partial<PlanChargeMetadata>,
  ...idOf('paymentMethodId', pi.payment_method),
  ...idOf('customerId', pi.customer),
  ...chargeOf(pi),
});

const idOf = <K extends string>(key: K, v: string | { id: string } | null | undefined): Partial<Record<K, string>> =>
  v ? ({ [key]: typeof v === 'string' ? v : v.id } as Partial<Record<K, string>>) : {};

const chargeOf = (pi: Stripe.PaymentIntent): Pick<GatewayIntent, 'refunded' | 'amountRefunded' | 'disputed'> => {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  if (!charge) return { refunded: false, amountRefunded: 0, disputed: false };
  return {
    refunded: charge.refunded || charge.amount_refunded >= charge.amount,
    amountRefunded: charge.amount_refunded,
    disputed: charge.disputed,
  };
};

/** Stripe adapter (STRIPE_SECRET_KEY). Host, port and protocol are configurable so tests can use stripe-mock. */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(config: Pick<AppConfig, 'stripeSecretKey' | 'stripeApi'>) {
    this.stripe = new Stripe(config.stripeSecretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(config.stripeApi.host
        ? { host: config.stripeApi.host, port: config.stripeApi.port, protocol: config.stripeApi.protocol }
        : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        // The browser confirms with a card (Elements card form); no redirect-based methods.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        receipt_email: input.metadata.email,
        metadata: { ...input.metadata },
        // A payment plan: the card the family pays the deposit with is saved to their customer for the installments
        // (Stripe authenticates it for later use now, while the family is there).
        ...(input.saveCardFor ? { customer: input.saveCardFor, setup_future_usage: 'off_session' as const } : {}),
      },
      // One intent per selection, amount and attempt even if the browser asks twice. Stripe answers a reused key
      // with the first intent for 24 hours, so without the attempt a student refunded (say, the class sold out)
      // would get the spent intent back and could not pay again.
      {
        idempotencyKey: `intent-${input.metadata.selectionId}-${input.amount}-${input.attempt}${input.saveCardFor ? '-saved' : ''}`,
      },
    );
    return toGatewayIntent(pi);
  }

  async createPlanIntent(input: CreatePlanIntentInput): Promise<GatewayIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        receipt_email: input.metadata.email,
        metadata: stringsOf(input.metadata),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toGatewayIntent(pi);
  }

  async createCustomer(email: string): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email, metadata: { source: 'sportify-camp' } },
      { idempotencyKey: `customer-${email.toLowerCase()}` },
    );
    return customer.id;
  }

  /**
   * An installment: an off-session intent confirmed at once with the saved card. A card the bank wants authenticated
   * fails with `authentication_required` (the intent back to `requires_payment_method`, or `requires_action`): the
   * family pays it on-session. A decline is an outcome too; anything else (network, Stripe down) throws.
   */
  async chargeSaved(input: OffSessionChargeInput): Promise<OffSessionOutcome> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: stringsOf(input.metadata),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const intent = toGatewayIntent(pi);
      if (pi.status === 'succeeded') return { outcome: 'succeeded', intent };
      if (pi.status === 'requires_action')
        return {
          outcome: 'needs_customer',
          intent,
          code: 'requires_action',
          message: 'The bank asks the cardholder to confirm this payment.',
        };
      return { outcome: 'declined', intent, code: pi.status, message: `The charge is ${pi.status.replace(/_/g, ' ')}` };
    } catch (err) {
      const e = err as {
        type?: string;
        code?: string;
        decline_code?: string;
        message: string;
        raw?: { payment_intent?: Stripe.PaymentIntent };
      };
      if (e.type !== 'StripeCardError') throw err;
      const intent = e.raw?.payment_intent ? toGatewayIntent(e.raw.payment_intent) : null;
      if (e.code === 'authentication_required')
        return { outcome: 'needs_customer', intent, code: e.code, message: e.message };
      return {
        outcome: 'declined',
        intent,
        code: e.code ?? 'card_declined',
        ...(e.decline_code ? { declineCode: e.decline_code } : {}),
        message: e.message,
      };
    }
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    if (!/^pi_[A-Za-z0-9_]+$/.test(id)) return null;
    try {
      return toGatewayIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (err) {
      if ((err as { code?: string; statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  async cancelIntent(intentId: string): Promise<GatewayIntent | null> {
    if (!/^pi_[A-Za-z0-9_]+$/.test(intentId)) return null;
    try {
      await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` });
    } catch (err) {
      const e = err as { code?: string; statusCode?: number };
      if (e.statusCode === 404) return null;
      // Already succeeded or canceled: the intent as it is says which.
      if (e.code !== 'payment_intent_unexpected_state') throw err;
    }
    return this.retrieveIntent(intentId);
  }

  async refund(intentId: string, amount?: number): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: intentId, ...(amount !== undefined ? { amount } : {}) },
        { idempotencyKey: amount !== undefined ? `refund-${intentId}-${amount}` : `refund-${intentId}` },
      );
    } catch (err) {
      if ((err as { code?: string }).code === 'charge_already_refunded') return;
      throw err;
    }
  }
}

const stringsOf = (m: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(m)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
