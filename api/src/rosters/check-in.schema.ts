import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ _id: false, versionKey: false })
export class PickedUpByRecord {
  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  relationship: string;
}

const PickedUpBySchema = SchemaFactory.createForClass(PickedUpByRecord);

/**
 * One participant's day in one class: the check-in, then the check-out. Like attendance, it keeps the participant's
 * name alone, so a removed camper's record stays readable.
 */
@Schema({ collection: 'check_ins', versionKey: false })
export class CheckInRecord {
  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  className: string;

  @Prop({ required: true })
  participantId: string;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop()
  camperId?: string;

  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  date: string;

  @Prop({ required: true })
  checkedInAt: Date;

  @Prop({ required: true, lowercase: true })
  checkedInBy: string;

  @Prop({ required: true })
  checkedInByName: string;

  @Prop()
  checkedOutAt?: Date;

  @Prop({ lowercase: true })
  checkedOutBy?: string;

  @Prop()
  checkedOutByName?: string;

  @Prop({ type: PickedUpBySchema })
  pickedUpBy?: PickedUpByRecord;
}

export const CheckInSchema = SchemaFactory.createForClass(CheckInRecord);
// One day per participant and session: a second check-in is refused by the key itself, whoever sends it.
CheckInSchema.index({ classId: 1, participantId: 1, date: 1 }, { unique: true });
// The family's day, and its export.
CheckInSchema.index({ email: 1, date: 1 });
