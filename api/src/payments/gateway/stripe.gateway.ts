import Stripe from 'stripe';
import type { AppConfig } from '../../config/app-config';
import type { CreateIntentInput, GatewayIntent, IntentMetadata, PaymentGateway } from './payment-gateway';

/** Stripe's payment intent (from the API or from a signed event) as the port's intent. */
export const toGatewayIntent = (pi: Stripe.PaymentIntent): GatewayIntent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? '',
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  metadata: pi.metadata as Partial<IntentMetadata>,
  refunded: typeof pi.latest_charge === 'object' && pi.latest_charge !== null && pi.latest_charge.amount_refunded > 0,
});

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

  async refund(intentId: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    } catch (err) {
      if ((err as { code?: string }).code === 'charge_already_refunded') return;
      throw err;
    }
  }
}
