import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { OFFER_STATES, type OfferState } from './waitlist.model';

@Schema({ collection: 'waitlist_offers', versionKey: false })
export class OfferRecord {
  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  seatKey: string;

  @Prop({ required: true })
  round: number;

  @Prop({ type: String, enum: OFFER_STATES, required: true })
  state: OfferState;

  @Prop({ lowercase: true })
  email?: string;

  /** The camper offered the seat; absent for the account holder. */
  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;

  @Prop()
  until?: Date;

  @Prop()
  intentId?: string;

  @Prop({ type: String, enum: ['expired', 'declined'] })
  ended?: 'expired' | 'declined';

  @Prop()
  owner?: string;

  @Prop()
  leaseUntil?: Date;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ required: true })
  updatedAt: Date;
}

export const OfferSchema = SchemaFactory.createForClass(OfferRecord);
// One offer per hold and round: two replicas passing the same hold on cannot both make the next offer.
OfferSchema.index({ seatKey: 1, round: 1 }, { unique: true });
OfferSchema.index({ state: 1, until: 1 });
OfferSchema.index({ classId: 1, email: 1, state: 1 });
