import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { GatewayIntent, IntentMetadata } from './payment-gateway';
import { SandboxIntentRecord } from './sandbox-intent.schema';

const toIntent = (d: SandboxIntentRecord): GatewayIntent => ({
  id: d.intentId,
  clientSecret: d.clientSecret,
  status: d.status,
  amount: d.amount,
  currency: d.currency,
  metadata: d.metadata,
  refunded: d.refunded ?? false,
  amountRefunded: d.amountRefunded ?? (d.refunded ? d.amount : 0),
  disputed: d.disputed ?? false,
});

/** The sandbox provider's own store of intents (what Stripe keeps on its side). */
@Injectable()
export class SandboxIntentsRepository {
  constructor(@InjectModel(SandboxIntentRecord.name) private readonly model: Model<SandboxIntentRecord>) {}

  /** The unpaid intent for this selection and amount, if one is open. */
  async findOpen(input: { amount: number; currency: string; metadata: IntentMetadata }): Promise<GatewayIntent | null> {
    const d = await this.model
      .findOne({
        'metadata.selectionId': input.metadata.selectionId,
        'metadata.email': input.metadata.email,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method',
      })
      .lean<SandboxIntentRecord>()
      .exec();
    return d ? toIntent(d) : null;
  }

  async insert(
    i: Omit<GatewayIntent, 'refunded' | 'amountRefunded' | 'disputed' | 'metadata'> & { metadata: IntentMetadata },
  ): Promise<GatewayIntent> {
    const doc = await this.model.create({
      intentId: i.id,
      clientSecret: i.clientSecret,
      amount: i.amount,
      currency: i.currency,
      status: i.status,
      metadata: { ...i.metadata },
    });
    return toIntent(doc.toObject());
  }

  async findById(intentId: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ intentId }).lean<SandboxIntentRecord>().exec();
    return d ? toIntent(d) : null;
  }

  async findByClientSecret(clientSecret: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ clientSecret }).lean<SandboxIntentRecord>().exec();
    return d ? toIntent(d) : null;
  }

  async markRefunded(intentId: string): Promise<void> {
    await this.model.updateOne({ intentId, status: 'succeeded' }, { $set: { refunded: true } }).exec();
  }

  /** Cancels an unpaid intent; a succeeded one stays succeeded. */
  async cancel(intentId: string): Promise<GatewayIntent | null> {
    await this.model.updateOne({ intentId, status: { $ne: 'succeeded' } }, { $set: { status: 'canceled' } }).exec();
    return this.findById(intentId);
  }

  async recordDecline(intentId: string, code: string): Promise<void> {
    await this.model.updateOne({ intentId, status: { $ne: 'succeeded' } }, { $set: { lastError: code } }).exec();
  }

  async markSucceeded(intentId: string): Promise<GatewayIntent | null> {
    const d = await this.model
      .findOneAndUpdate(
        { intentId, status: { $ne: 'canceled' } },
        { $set: { status: 'succeeded' }, $unset: { lastError: 1 } },
        { returnDocument: 'after' },
      )
      .lean<SandboxIntentRecord>()
      .exec();
    return d ? toIntent(d) : null;
  }
}
