import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'sandbox_payment_intents', versionKey: false })
export class SandboxIntentRecord {
  @Prop({ required: true })
  intentId: string;

  @Prop({ required: true })
  clientSecret: string;

  @Prop({ required: true })
  amount: number;

  @Prop({ required: true })
  currency: string;

  @Prop({ required: true })
  status: string;

  @Prop({ type: Object, required: true })
  metadata: Record<string, string>;

  @Prop()
  lastError?: string;

  @Prop({ default: false })
  refunded: boolean;

  /** Cents refunded; the provider's stand-in for a partial refund (tests write it). */
  @Prop()
  amountRefunded?: number;

  @Prop()
  disputed?: boolean;

  /** The family's customer when the card is saved for later (a plan), and the card it was paid with. */
  @Prop()
  customerId?: string;

  @Prop()
  paymentMethodId?: string;

  @Prop({ default: () => new Date() })
  createdAt: Date;
}

export const SandboxIntentSchema = SchemaFactory.createForClass(SandboxIntentRecord);
SandboxIntentSchema.index({ intentId: 1 }, { unique: true });
SandboxIntentSchema.index({ clientSecret: 1 }, { unique: true });

/** A card the sandbox saved for a customer (Stripe's PaymentMethod attached to a Customer). */
@Schema({ collection: 'sandbox_payment_methods', versionKey: false })
export class SandboxCardRecord {
  @Prop({ required: true })
  paymentMethodId: string;

  @Prop({ required: true })
  customerId: string;

  /** The test card's number: what an off-session charge of it does (test-cards.ts). */
  @Prop({ required: true })
  number: string;

  @Prop({ default: () => new Date() })
  createdAt: Date;
}

export const SandboxCardSchema = SchemaFactory.createForClass(SandboxCardRecord);
SandboxCardSchema.index({ paymentMethodId: 1 }, { unique: true });
