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

  @Prop({ default: () => new Date() })
  createdAt: Date;
}

export const SandboxIntentSchema = SchemaFactory.createForClass(SandboxIntentRecord);
SandboxIntentSchema.index({ intentId: 1 }, { unique: true });
SandboxIntentSchema.index({ clientSecret: 1 }, { unique: true });
