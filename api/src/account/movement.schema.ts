import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { MOVEMENT_KINDS, type MovementKind } from './movement.model';

@Schema({ collection: 'account_movements', versionKey: false })
export class MovementRecord {
  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  seq: number;

  @Prop({ required: true })
  key: string;

  @Prop({ type: String, enum: MOVEMENT_KINDS, required: true })
  kind: MovementKind;

  @Prop({ required: true })
  cents: number;

  @Prop({ required: true })
  label: string;

  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  className: string;

  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;

  @Prop({ required: true })
  enrolment: string;

  @Prop()
  intentId?: string;

  @Prop({ required: true })
  at: Date;
}

export const MovementSchema = SchemaFactory.createForClass(MovementRecord);
// One row per event, however often it is written.
MovementSchema.index({ key: 1 }, { unique: true });
// The family's order: two writers taking the same next number collide here, and the later one reads again.
MovementSchema.index({ email: 1, seq: 1 }, { unique: true });
// The movements of one enrolment, and the admins' month (kind and time).
MovementSchema.index({ enrolment: 1 });
MovementSchema.index({ kind: 1, at: 1 });
MovementSchema.index({ intentId: 1 });
