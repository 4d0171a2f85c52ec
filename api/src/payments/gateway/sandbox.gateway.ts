import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { GatewayIntent, IntentMetadata, PaymentGateway } from './payment-gateway';
import { SandboxIntentRecord } from './sandbox-intent.schema';
import { checkTestCard, type CardDecline, type TestCard } from './test-cards';

type LeanIntent = SandboxIntentRecord;

const toIntent = (d: LeanIntent): GatewayIntent => ({
  id: d.intentId,
  clientSecret: d.clientSecret,
  status: d.status,
  amount: d.amount,
  currency: d.currency,
  metadata: d.metadata,
  refunded: d.refunded ?? false,
});

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export type ConfirmResult = { intent: GatewayIntent } | { intent: GatewayIntent; decline: CardDecline };

/**
 * Test-mode stand-in for Stripe when no STRIPE_SECRET_KEY is configured (never in production: config refuses it).
 * Intents live in Mongo; the browser's test-mode card form confirms them with Stripe's test card numbers.
 */
@Injectable()
export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;

  constructor(@InjectModel(SandboxIntentRecord.name) private readonly model: Model<SandboxIntentRecord>) {}

  async createIntent(input: { amount: number; currency: string; metadata: IntentMetadata }): Promise<GatewayIntent> {
    // Like an idempotency key: reloading the payment page reuses the open intent for the same selection and amount.
    const open = await this.model
      .findOne({
        'metadata.selectionId': input.metadata.selectionId,
        'metadata.email': input.metadata.email,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method',
      })
      .lean<LeanIntent>()
      .exec();
    if (open) return toIntent(open);
    const intentId = `pi_sandbox_${token(18)}`;
    const doc = await this.model.create({
      intentId,
      clientSecret: `${intentId}_secret_${token(18)}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: { ...input.metadata },
    });
    return toIntent(doc.toObject());
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ intentId: id }).lean<LeanIntent>().exec();
    return d ? toIntent(d) : null;
  }

  async refund(intentId: string): Promise<void> {
    await this.model.updateOne({ intentId, status: 'succeeded' }, { $set: { refunded: true } }).exec();
  }

  async findByClientSecret(clientSecret: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ clientSecret }).lean<LeanIntent>().exec();
    return d ? toIntent(d) : null;
  }

  /** Charges a test card; a succeeded intent stays succeeded (confirming twice charges once). */
  async confirm(intent: GatewayIntent, card: TestCard): Promise<ConfirmResult> {
    if (intent.status === 'succeeded') return { intent };
    const decline = checkTestCard(card);
    if (decline) {
      await this.model.updateOne({ intentId: intent.id, status: { $ne: 'succeeded' } }, { $set: { lastError: decline.code } }).exec();
      return { intent, decline };
    }
    const d = await this.model
      .findOneAndUpdate({ intentId: intent.id }, { $set: { status: 'succeeded' }, $unset: { lastError: 1 } }, { returnDocument: 'after' })
      .lean<LeanIntent>()
      .exec();
    return { intent: toIntent(d!) };
  }
}
