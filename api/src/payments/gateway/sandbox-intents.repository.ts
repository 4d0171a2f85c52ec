import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../database/duplicate-key';
import type { GatewayIntent } from './payment-gateway';
import { SandboxCardRecord, SandboxIntentRecord } from './sandbox-intent.schema';

const toIntent = (d: SandboxIntentRecord): GatewayIntent => ({
  id: d.intentId,
  clientSecret: d.clientSecret,
  status: d.status,
  amount: d.amount,
  currency: d.currency,
  metadata: d.metadata,
  ...(d.customerId ? { customerId: d.customerId } : {}),
  ...(d.paymentMethodId ? { paymentMethodId: d.paymentMethodId } : {}),
  refunded: d.refunded ?? false,
  amountRefunded: d.amountRefunded ?? (d.refunded ? d.amount : 0),
  disputed: d.disputed ?? false,
});

export type NewSandboxIntent = Pick<GatewayIntent, 'id' | 'clientSecret' | 'amount' | 'currency' | 'status'> & {
  metadata: Record<string, string>;
  customerId?: string;
  paymentMethodId?: string;
  lastError?: string;
};

/** The sandbox provider's own store of intents and saved cards (what Stripe keeps on its side). */
@Injectable()
export class SandboxIntentsRepository {
  constructor(
    @InjectModel(SandboxIntentRecord.name) private readonly model: Model<SandboxIntentRecord>,
    @InjectModel(SandboxCardRecord.name) private readonly cards: Model<SandboxCardRecord>,
  ) {}

  /** The unpaid intent for this selection, amount and customer (a card saved or not), if one is open. */
  async findOpen(input: {
    amount: number;
    currency: string;
    metadata: { selectionId: string; email: string };
    customerId?: string;
  }): Promise<GatewayIntent | null> {
    const d = await this.model
      .findOne({
        'metadata.selectionId': input.metadata.selectionId,
        'metadata.email': input.metadata.email,
        amount: input.amount,
        currency: input.currency,
        customerId: input.customerId ?? null,
        status: 'requires_payment_method',
      })
      .lean<SandboxIntentRecord>()
      .exec();
    return d ? toIntent(d) : null;
  }

  /** Inserts the intent once: an id already stored answers the stored intent (an idempotency key's). */
  async insert(i: NewSandboxIntent): Promise<GatewayIntent> {
    try {
      const doc = await this.model.create({
        intentId: i.id,
        clientSecret: i.clientSecret,
        amount: i.amount,
        currency: i.currency,
        status: i.status,
        metadata: { ...i.metadata },
        ...(i.customerId ? { customerId: i.customerId } : {}),
        ...(i.paymentMethodId ? { paymentMethodId: i.paymentMethodId } : {}),
        ...(i.lastError ? { lastError: i.lastError } : {}),
      });
      return toIntent(doc.toObject());
    } catch (err) {
      const stored = isDuplicateKey(err) ? await this.findById(i.id) : null;
      if (stored) return stored;
      throw err;
    }
  }

  async findById(intentId: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ intentId }).lean<SandboxIntentRecord>().exec();
    return d ? toIntent(d) : null;
  }

  async lastErrorOf(intentId: string): Promise<string | undefined> {
    const d = await this.model.findOne({ intentId }, { lastError: 1 }).lean<{ lastError?: string }>().exec();
    return d?.lastError;
  }

  async findByClientSecret(clientSecret: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ clientSecret }).lean<SandboxIntentRecord>().exec();
    return d ? toIntent(d) : null;
  }

  /** Gives back everything, or up to `amount` cents in all (a partial refund). */
  async markRefunded(intentId: string, amount?: number): Promise<void> {
    if (amount === undefined) {
      await this.model.updateOne({ intentId, status: 'succeeded' }, { $set: { refunded: true } }).exec();
      return;
    }
    const d = await this.findById(intentId);
    if (!d || d.status !== 'succeeded') return;
    const total = Math.min(d.amount, Math.max(d.amountRefunded, amount));
    await this.model.updateOne({ intentId }, { $set: { amountRefunded: total, refunded: total >= d.amount } }).exec();
  }

  /** Cancels an unpaid intent; a succeeded one stays succeeded. */
  async cancel(intentId: string): Promise<GatewayIntent | null> {
    await this.model.updateOne({ intentId, status: { $ne: 'succeeded' } }, { $set: { status: 'canceled' } }).exec();
    return this.findById(intentId);
  }

  async recordDecline(intentId: string, code: string): Promise<void> {
    await this.model.updateOne({ intentId, status: { $ne: 'succeeded' } }, { $set: { lastError: code } }).exec();
  }

  async markSucceeded(intentId: string, paymentMethodId?: string): Promise<GatewayIntent | null> {
    const d = await this.model
      .findOneAndUpdate(
        { intentId, status: { $ne: 'canceled' } },
        { $set: { status: 'succeeded', ...(paymentMethodId ? { paymentMethodId } : {}) }, $unset: { lastError: 1 } },
        { returnDocument: 'after' },
      )
      .lean<SandboxIntentRecord>()
      .exec();
    return d ? toIntent(d) : null;
  }

  /** Keeps a card for the customer (once per id). */
  async saveCard(card: { paymentMethodId: string; customerId: string; number: string }): Promise<void> {
    await this.cards
      .updateOne({ paymentMethodId: card.paymentMethodId }, { $setOnInsert: card }, { upsert: true })
      .exec();
  }

  async savedCard(paymentMethodId: string, customerId: string): Promise<string | null> {
    const d = await this.cards.findOne({ paymentMethodId, customerId }).lean<SandboxCardRecord>().exec();
    return d?.number ?? null;
  }
}
