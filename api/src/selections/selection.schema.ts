import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

@Schema({ collection: 'selections', versionKey: false })
export class SelectionRecord {
  @Prop({ type: Types.ObjectId, required: true })
  classId: Types.ObjectId;

  @Prop({ required: true })
  className: string;

  @Prop({ required: true })
  instructorName: string;

  @Prop({ required: true })
  seats: number;

  @Prop({ required: true, lowercase: true })
  studentEmail: string;

  @Prop({ required: true })
  price: number;

  @Prop({ default: () => new Date() })
  createdAt: Date;

  /** Made (or marked) for a waitlist offer: the seat is held for the student until then. */
  @Prop()
  heldUntil?: Date;

  /** The waitlist offer that holds the seat; the selection goes when the offer ends unpaid. */
  @Prop()
  heldBy?: string;

  /** The camper the seat is for; absent (null in the index) for the account holder. */
  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;
}

export const SelectionSchema = SchemaFactory.createForClass(SelectionRecord);
// One selection per participant (the account, or one of its campers) and class.
SelectionSchema.index({ studentEmail: 1, classId: 1, camperId: 1 }, { unique: true });
// The student's list, oldest first, a page at a time.
SelectionSchema.index({ studentEmail: 1, createdAt: 1, _id: 1 });
SelectionSchema.index({ heldBy: 1 }, { sparse: true });
