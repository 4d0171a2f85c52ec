import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type {
  CreateIntentInput,
  CreatePlanIntentInput,
  GatewayIntent,
  OffSessionChargeInput,
  OffSessionOutcome,
  PaymentGateway,
} from './payment-gateway';
import { SandboxIntentsRepository } from './sandbox-intents.repository';
import { cardDigits, checkTestCard, offSessionRefusal, type CardDecline, type TestCard } from './test-cards';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
/** An id derived from a key: the same key names the same object, as Stripe's idempotency keys do. */
const keyed = (prefix: string, key: string) =>
  `${prefix}${createHash('sha256').update(key).digest('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;

export type ConfirmResult = { intent: GatewayIntent } | { intent: GatewayIntent; decline: CardDecline };

/**
 * Test-mode stand-in for Stripe when no STRIPE_SECRET_KEY is configured (development mode only: config refuses
 * it otherwise). The browser's test-mode card form confirms intents with Stripe's test card numbers; a card paid
 * with for a payment plan is saved for the family's customer and charged off-session later, as Stripe would.
 */
@Injectable()
export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;

  constructor(private readonly intents: SandboxIntentsRepository) {}

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    // Like an idempotency key: reloading the payment page reuses the open intent for the same selection and amount.
    const open = await this.intents.findOpen({ ...input, customerId: input.saveCardFor });
    if (open) return open;
    const id = `pi_sandbox_${token(18)}`;
    return this.intents.insert({
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: { ...input.metadata },
      ...(input.saveCardFor ? { customerId: input.saveCardFor } : {}),
    });
  }

  createPlanIntent(input: CreatePlanIntentInput): Promise<GatewayIntent> {
    const id = keyed('pi_sandbox_', input.idempotencyKey);
    return this.intents.insert({
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: { ...stringsOf(input.metadata) },
    });
  }

  retrieveIntent(id: string): Promise<GatewayIntent | null> {
    return this.intents.findById(id);
  }

  refund(intentId: string, amount?: number): Promise<void> {
    return this.intents.markRefunded(intentId, amount);
  }

  cancelIntent(intentId: string): Promise<GatewayIntent | null> {
    return this.intents.cancel(intentId);
  }

  async createCustomer(email: string): Promise<string> {
    return keyed('cus_sandbox_', email.toLowerCase());
  }

  /** Charges the saved test card as Stripe would off-session; the key makes a repeated attempt the same charge. */
  async chargeSaved(input: OffSessionChargeInput): Promise<OffSessionOutcome> {
    const id = keyed('pi_sandbox_', input.idempotencyKey);
    const existing = await this.intents.findById(id);
    const number = existing ? null : await this.intents.savedCard(input.paymentMethodId, input.customerId);
    const refusal = existing
      ? await this.refusalOf(existing)
      : number === null
        ? { code: 'resource_missing', message: 'No such payment method.' }
        : offSessionRefusal(number);
    const intent =
      existing ??
      (await this.intents.insert({
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        amount: input.amount,
        currency: input.currency,
        status: refusal ? 'requires_payment_method' : 'succeeded',
        metadata: stringsOf(input.metadata),
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        ...(refusal ? { lastError: refusal === 'needs_customer' ? 'authentication_required' : refusal.code } : {}),
      }));
    if (!refusal) return { outcome: 'succeeded', intent };
    if (refusal === 'needs_customer')
      return {
        outcome: 'needs_customer',
        intent,
        code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
    return { outcome: 'declined', intent, ...refusal };
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
    // Paid with the family there (authenticated, when the bank asks): a plan's card is kept for its installments.
    let paymentMethodId: string | undefined;
    if (intent.customerId) {
      paymentMethodId = keyed('pm_sandbox_', `${intent.customerId}:${cardDigits(card.number)}`);
      await this.intents.saveCard({ paymentMethodId, customerId: intent.customerId, number: cardDigits(card.number) });
    }
    return { intent: (await this.intents.markSucceeded(intent.id, paymentMethodId)) ?? intent };
  }

  private async refusalOf(intent: GatewayIntent): Promise<CardDecline | 'needs_customer' | null> {
    if (intent.status === 'succeeded') return null;
    const code = (await this.intents.lastErrorOf(intent.id)) ?? 'card_declined';
    if (code === 'authentication_required') return 'needs_customer';
    return { code, message: 'Your card was declined.' };
  }
}

const stringsOf = (m: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(m)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
