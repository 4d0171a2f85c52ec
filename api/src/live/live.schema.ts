import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { EVENT_RETENTION_SECONDS, LIVE_EVENT_TYPES, type LiveEventType } from './live.model';

/** An event for one account's live streams. */
@Schema({ collection: 'live_events', versionKey: false })
export class LiveEventRecord {
  @Prop({ required: true, lowercase: true })
  to: string;

  @Prop({ type: String, enum: LIVE_EVENT_TYPES, required: true })
  type: LiveEventType;

  @Prop({ type: Object, default: {} })
  data: Record<string, unknown>;

  @Prop({ required: true })
  at: Date;
}

export const LiveEventSchema = SchemaFactory.createForClass(LiveEventRecord);
// Each replica's read of the last seconds; the database drops events after a day.
LiveEventSchema.index({ at: 1 }, { expireAfterSeconds: EVENT_RETENTION_SECONDS });

/**
 * A single-use ticket that opens one stream (EventSource cannot send an Authorization header, and a long-lived token
 * in a URL would end up in logs). Only its SHA-256 is stored.
 */
@Schema({ collection: 'live_tickets', versionKey: false })
export class LiveTicketRecord {
  /** SHA-256 of the ticket, hex. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  expiresAt: Date;
}

export const LiveTicketSchema = SchemaFactory.createForClass(LiveTicketRecord);
LiveTicketSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
