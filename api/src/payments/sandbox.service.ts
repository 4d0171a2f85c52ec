import { Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Caller } from '../auth/caller';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { GatewayIntent } from './gateway/payment-gateway';
import { SandboxGateway } from './gateway/sandbox.gateway';
import type { TestCard } from './gateway/test-cards';
import type { SandboxConfirmed } from './payment.model';
import { PaymentRequiredException } from './payment-required.exception';
import { ProviderEventsService } from './provider-events.service';

/**
 * The test-mode card form's confirmation (Stripe.js cannot load offline), and the sandbox's provider: after a
 * card succeeds it delivers a signed payment_intent.succeeded event to the webhook's handler, as Stripe would.
 */
@Injectable()
export class SandboxService implements OnModuleDestroy {
  private readonly logger = new Logger(SandboxService.name);
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sandbox: SandboxGateway,
    private readonly events: ProviderEventsService,
  ) {}

  async confirm(caller: Caller, clientSecret: string, card: TestCard): Promise<SandboxConfirmed> {
    // With a Stripe key the browser confirms at Stripe; this call does not exist then.
    if (this.config.stripeSecretKey) throw new NotFoundException('The payment sandbox is not enabled');
    const intent = await this.sandbox.findByClientSecret(clientSecret);
    if (!intent || intent.metadata.email !== caller.email) throw new NotFoundException('Unknown payment');
    const result = await this.sandbox.confirm(intent, card);
    if ('decline' in result) {
      const { code, declineCode, message } = result.decline;
      throw new PaymentRequiredException(message, { code, ...(declineCode ? { declineCode } : {}) });
    }
    if (intent.status !== 'succeeded') this.deliverSucceeded(result.intent);
    const { id, status, amount, currency } = result.intent;
    return { paymentIntent: { id, status, amount, currency } };
  }

  onModuleDestroy(): void {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }

  /** A Stripe-shaped, signed event through the same handler as POST /payments/webhook. */
  private deliverSucceeded(intent: GatewayIntent): void {
    const delay = this.config.payments.sandboxEventDelayMs;
    if (delay === null) return;
    const payload = JSON.stringify({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          client_secret: intent.clientSecret,
          status: intent.status,
          amount: intent.amount,
          currency: intent.currency,
          metadata: intent.metadata,
          latest_charge: null,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.config.stripeWebhookSecret });
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      // A failed delivery is not lost: the reconciliation job settles the intent after its delay.
      this.events
        .receive(Buffer.from(payload), signature)
        .catch((err: Error) => this.logger.warn(`Sandbox event for ${intent.id} failed: ${err.message}`));
    }, delay);
    this.pending.add(timer);
  }
}
