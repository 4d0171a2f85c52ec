import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { MAIL_TEMPLATES, OUTBOX_STATES, type MailTemplate, type OutboxState } from './mail.model';

@Schema({ collection: 'mail_outbox', versionKey: false })
export class OutboxRecord {
  @Prop({ required: true })
  key: string;

  @Prop({ required: true, lowercase: true })
  to: string;

  @Prop({ type: String, enum: MAIL_TEMPLATES, required: true })
  template: MailTemplate;

  @Prop({ type: Object, default: {} })
  data: Record<string, unknown>;

  @Prop({ type: String, enum: OUTBOX_STATES, required: true })
  state: OutboxState;

  @Prop({ default: 0 })
  attempts: number;

  @Prop({ required: true })
  nextAttemptAt: Date;

  @Prop()
  lastError?: string;

  @Prop()
  owner?: string;

  @Prop()
  leaseUntil?: Date;

  @Prop()
  messageId?: string;

  @Prop({ required: true })
  createdAt: Date;

  @Prop()
  sentAt?: Date;
}

export const OutboxSchema = SchemaFactory.createForClass(OutboxRecord);
// One message per event: the unique key is what makes a re-run of the event's step enqueue nothing more.
OutboxSchema.index({ key: 1 }, { unique: true });
// The sender's look for due messages, oldest due first.
OutboxSchema.index({ state: 1, nextAttemptAt: 1, _id: 1 });
