import Stripe from 'stripe';
import type { AppConfig } from '../../config/config';
import type { CreateIntentInput, GatewayIntent, IntentMetadata, PaymentGateway } from './payment-gateway';

/** Stripe's payment intent (from the API or from a signed event) as the port's intent. */
export const toGatewayIntent = (pi: Stripe.PaymentIntent): GatewayIntent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? '',
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  metadata: pi.metadata as Partial<IntentMetadata>,
  ...chargeOf(pi),
});

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
      },
      // One intent per selection, amount and attempt even if the browser asks twice. Stripe answers a reused key
      // with the first intent for 24 hours, so without the attempt a student refunded (say, the class sold out)
      // would get the spent intent back and could not pay again.
      { idempotencyKey: `intent-${input.metadata.selectionId}-${input.amount}-${input.attempt}` },
    );
    return toGatewayIntent(pi);
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

  async refund(intentId: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    } catch (err) {
      if ((err as { code?: string }).code === 'charge_already_refunded') return;
      throw err;
    }
  }
}
