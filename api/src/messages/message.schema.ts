import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'class_messages', versionKey: false })
export class ClassMessageRecord {
  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  className: string;

  @Prop({ required: true })
  subject: string;

  @Prop({ required: true })
  body: string;

  @Prop({ required: true, lowercase: true })
  senderEmail: string;

  @Prop({ required: true })
  senderName: string;

  @Prop({ required: true })
  sentAt: Date;

  @Prop({ type: [String], required: true })
  recipients: string[];

  @Prop()
  mailedAt?: Date;

  // The claim of the job that finishes an interrupted fan-out (database/leased-rows.ts).
  @Prop()
  owner?: string;

  @Prop()
  leaseUntil?: Date;

  @Prop({ default: 0 })
  attempts: number;

  @Prop()
  nextAttemptAt?: Date;

  @Prop()
  lastError?: string;
}

export const ClassMessageSchema = SchemaFactory.createForClass(ClassMessageRecord);
// A class's history, newest first.
ClassMessageSchema.index({ classId: 1, sentAt: -1, _id: -1 });
// A family's Messages, newest first, and its unread count.
ClassMessageSchema.index({ recipients: 1, sentAt: -1, _id: -1 });
// The fan-out job's look for messages whose e-mails are not all in the outbox.
ClassMessageSchema.index({ mailedAt: 1, sentAt: 1 });

/** A family has read a message. */
@Schema({ collection: 'message_reads', versionKey: false })
export class MessageReadRecord {
  @Prop({ required: true })
  messageId: string;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  readAt: Date;
}

export const MessageReadSchema = SchemaFactory.createForClass(MessageReadRecord);
MessageReadSchema.index({ messageId: 1, email: 1 }, { unique: true });
MessageReadSchema.index({ email: 1 });
