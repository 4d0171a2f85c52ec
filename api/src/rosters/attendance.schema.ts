import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One participant's presence at one session. It keeps the participant's name as the roster showed it, so a removed
 * camper's attendance stays readable with the name alone.
 */
@Schema({ collection: 'attendance', versionKey: false })
export class AttendanceRecord {
  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  className: string;

  /** The camper's id, or `self:{paymentId}` for an account holder enrolled for itself. */
  @Prop({ required: true })
  participantId: string;

  /** The family's account. */
  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop()
  camperId?: string;

  @Prop({ required: true })
  name: string;

  /** 'YYYY-MM-DD', a session day in the camp's time zone. */
  @Prop({ required: true })
  date: string;

  @Prop({ required: true })
  present: boolean;

  /** Who ticked it (an instructor's or admin's e-mail), and when. */
  @Prop({ required: true })
  takenBy: string;

  @Prop({ required: true })
  updatedAt: Date;
}

export const AttendanceSchema = SchemaFactory.createForClass(AttendanceRecord);
// One mark per participant and session: saving again overwrites it.
AttendanceSchema.index({ classId: 1, participantId: 1, date: 1 }, { unique: true });
// The family's export.
AttendanceSchema.index({ email: 1 });
