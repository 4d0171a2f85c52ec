import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Provider events already handled, so a replayed delivery is acknowledged and ignored. */
@Schema({ collection: 'payment_events', versionKey: false })
export class ProviderEventRecord {
  @Prop({ required: true })
  eventId: string;

  @Prop({ required: true })
  type: string;

  @Prop({ required: true })
  handledAt: Date;
}

export const ProviderEventSchema = SchemaFactory.createForClass(ProviderEventRecord);
ProviderEventSchema.index({ eventId: 1 }, { unique: true });
