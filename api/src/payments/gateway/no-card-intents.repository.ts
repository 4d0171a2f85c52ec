import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { CreateIntentInput, GatewayIntent } from './payment-gateway';
import { NoCardIntentRecord } from './no-card-intent.schema';

/** Intents with nothing to charge are ours: this prefix routes them away from the card provider. */
export const NO_CARD_PREFIX = 'pi_nocard_';
export const isNoCard = (intentId: string): boolean => intentId.startsWith(NO_CARD_PREFIX);

const toIntent = (d: NoCardIntentRecord): GatewayIntent => ({
  id: d.intentId,
  clientSecret: '',
  status: d.status,
  amount: 0,
  currency: 'usd',
  metadata: d.metadata,
  refunded: d.refunded ?? false,
  amountRefunded: 0,
  disputed: false,
});

/** The store of the payments nothing is charged for (credit or discounts pay them in full). */
@Injectable()
export class NoCardIntents {
  constructor(@InjectModel(NoCardIntentRecord.name) private readonly model: Model<NoCardIntentRecord>) {}

  async create(input: CreateIntentInput): Promise<GatewayIntent> {
    // One open intent per selection, as the card provider's reuse does.
    const open = await this.model
      .findOne({
        'metadata.selectionId': input.metadata.selectionId,
        'metadata.email': input.metadata.email,
        status: 'requires_confirmation',
      })
      .lean<NoCardIntentRecord>()
      .exec();
    if (open) return toIntent(open);
    const doc = await this.model.create({
      intentId: `${NO_CARD_PREFIX}${randomBytes(12).toString('hex')}`,
      metadata: { ...input.metadata },
      status: 'requires_confirmation',
      createdAt: new Date(),
    });
    return toIntent(doc.toObject());
  }

  async find(intentId: string): Promise<GatewayIntent | null> {
    const d = await this.model.findOne({ intentId }).lean<NoCardIntentRecord>().exec();
    return d ? toIntent(d) : null;
  }

  /** The family pressed Pay: confirmed once (a cancelled one stays cancelled). */
  async confirm(intentId: string, email: string): Promise<GatewayIntent | null> {
    await this.model
      .updateOne(
        { intentId, 'metadata.email': email, status: 'requires_confirmation' },
        { $set: { status: 'succeeded' } },
      )
      .exec();
    return this.find(intentId);
  }

  async refund(intentId: string): Promise<void> {
    await this.model.updateOne({ intentId, status: 'succeeded' }, { $set: { refunded: true } }).exec();
  }

  async cancel(intentId: string): Promise<GatewayIntent | null> {
    await this.model.updateOne({ intentId, status: 'requires_confirmation' }, { $set: { status: 'canceled' } }).exec();
    return this.find(intentId);
  }
}
