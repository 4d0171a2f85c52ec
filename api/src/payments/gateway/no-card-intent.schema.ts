import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A payment with nothing left for the card (account credit or discounts cover it all): an intent of our own, so the
 * ledger settles it like any other, with no provider to ask.
 */
@Schema({ collection: 'no_card_intents', versionKey: false })
export class NoCardIntentRecord {
  @Prop({ required: true })
  intentId: string;

  @Prop({ type: Object, required: true })
  metadata: Record<string, string>;

  /** `requires_confirmation` until the family presses Pay, then `succeeded`; `canceled` after a day unpaid. */
  @Prop({ required: true })
  status: string;

  @Prop({ default: false })
  refunded: boolean;

  @Prop({ required: true })
  createdAt: Date;
}

export const NoCardIntentSchema = SchemaFactory.createForClass(NoCardIntentRecord);
NoCardIntentSchema.index({ intentId: 1 }, { unique: true });
