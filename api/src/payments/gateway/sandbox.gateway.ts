import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { CreateIntentInput, GatewayIntent, PaymentGateway } from './payment-gateway';
import { SandboxIntentsRepository } from './sandbox-intents.repository';
import { checkTestCard, type CardDecline, type TestCard } from './test-cards';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export type ConfirmResult = { intent: GatewayIntent } | { intent: GatewayIntent; decline: CardDecline };

/**
 * Test-mode stand-in for Stripe when no STRIPE_SECRET_KEY is configured (development mode only: config refuses
 * it otherwise). The browser's test-mode card form confirms intents with Stripe's test card numbers.
 */
@Injectable()
export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;

  constructor(private readonly intents: SandboxIntentsRepository) {}

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    // Like an idempotency key: reloading the payment page reuses the open intent for the same selection and amount.
    const open = await this.intents.findOpen(input);
    if (open) return open;
    const id = `pi_sandbox_${token(18)}`;
    return this.intents.insert({
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: input.metadata,
    });
  }

  retrieveIntent(id: string): Promise<GatewayIntent | null> {
    return this.intents.findById(id);
  }

  refund(intentId: string): Promise<void> {
    return this.intents.markRefunded(intentId);
  }

  cancelIntent(intentId: string): Promise<GatewayIntent | null> {
    return this.intents.cancel(intentId);
  }

  findByClientSecret(clientSecret: string): Promise<GatewayIntent | null> {
    return this.intents.findByClientSecret(clientSecret);
  }

  /** Charges a test card; a succeeded intent stays succeeded (confirming twice charges once). */
  async confirm(intent: GatewayIntent, card: TestCard): Promise<ConfirmResult> {
    if (intent.status === 'succeeded') return { intent };
    if (intent.status === 'canceled')
      return { intent, decline: { code: 'payment_intent_unexpected_state', message: 'This payment has expired.' } };
    const decline = checkTestCard(card);
    if (decline) {
      await this.intents.recordDecline(intent.id, decline.code);
      return { intent, decline };
    }
    return { intent: (await this.intents.markSucceeded(intent.id)) ?? intent };
  }
}
