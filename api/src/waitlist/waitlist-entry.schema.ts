import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ENTRY_STATES, type EntryState } from './waitlist.model';

@Schema({ collection: 'waitlist_entries', versionKey: false })
export class WaitlistEntryRecord {
  @Prop({ required: true })
  classId: string;

  @Prop({ required: true, lowercase: true })
  studentEmail: string;

  @Prop({ required: true })
  joinedAt: Date;

  @Prop({ type: String, enum: ENTRY_STATES, required: true })
  state: EntryState;

  @Prop()
  offerId?: string;

  /** The camper waiting; absent (null in the index) for the account holder. */
  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;
}

export const WaitlistEntrySchema = SchemaFactory.createForClass(WaitlistEntryRecord);
// Once per participant (the account holder, or one of its campers) and class, even under races.
WaitlistEntrySchema.index({ classId: 1, studentEmail: 1, camperId: 1 }, { unique: true });
// The queue: first waiting by join time, _id breaking ties.
WaitlistEntrySchema.index({ classId: 1, state: 1, joinedAt: 1, _id: 1 });
WaitlistEntrySchema.index({ studentEmail: 1 });
WaitlistEntrySchema.index({ offerId: 1 });
