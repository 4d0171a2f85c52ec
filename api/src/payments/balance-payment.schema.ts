import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A family paying what is left of a plan on-session: the intent, and the installments it pays for. */
@Schema({ collection: 'balance_payments', versionKey: false })
export class BalancePaymentRecord {
  @Prop({ required: true })
  intentId: string;

  @Prop({ required: true })
  enrolment: string;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ type: [String], required: true })
  installments: string[];

  @Prop({ required: true })
  cents: number;

  /** `open` until applied to its installments (or `expired`: never paid, cancelled at the provider). */
  @Prop({ required: true })
  state: 'open' | 'applied' | 'expired';

  @Prop()
  appliedCents?: number;

  /** Given back: installments paid meanwhile by another charge. */
  @Prop()
  refundedCents?: number;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ required: true })
  updatedAt: Date;
}

export const BalancePaymentSchema = SchemaFactory.createForClass(BalancePaymentRecord);
BalancePaymentSchema.index({ intentId: 1 }, { unique: true });
BalancePaymentSchema.index({ state: 1, createdAt: 1 });
BalancePaymentSchema.index({ enrolment: 1 });
