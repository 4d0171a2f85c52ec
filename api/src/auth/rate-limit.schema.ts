import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One rate-limit window of one client on one route and budget, shared by every API replica. */
@Schema({ collection: 'rate_limits', versionKey: false })
export class RateLimitRecord {
  /** The throttler's key (a hash of route, budget name and client address). */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  hits: number;

  /** End of the window (or of the block, when later); MongoDB's TTL monitor deletes the record after it. */
  @Prop({ required: true })
  expiresAt: Date;

  @Prop({ type: Date, default: null })
  blockedUntil: Date | null;
}

export const RateLimitSchema = SchemaFactory.createForClass(RateLimitRecord);
RateLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
