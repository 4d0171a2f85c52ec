import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

@Schema({ collection: 'payments', versionKey: false })
export class PaymentRecord {
  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  className: string;

  @Prop({ required: true })
  transactionId: string;

  @Prop({ required: true })
  price: number;

  @Prop({ type: Types.ObjectId, required: true })
  classId: Types.ObjectId;

  @Prop({ type: Types.ObjectId, required: true })
  selectionId: Types.ObjectId;

  @Prop({ required: true })
  date: Date;

  @Prop({ required: true })
  status: string;

  @Prop()
  refundedAmount?: number;

  /** The camper enrolled; absent (null in the index) for the account holder. */
  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;

  /** The price breakdown it was paid at (cents): price, discounts, credit used, total. */
  @Prop({ type: [Object], default: undefined })
  lines?: { kind: string; label: string; cents: number }[];
}

export const PaymentSchema = SchemaFactory.createForClass(PaymentRecord);
// A transaction is recorded once (a retried call finds the first record); a participant (the account holder, or
// one of its campers) pays for a class once.
PaymentSchema.index({ transactionId: 1 }, { unique: true });
PaymentSchema.index({ email: 1, classId: 1, camperId: 1 }, { unique: true });
// The student's enrolled list, newest first, a page at a time.
PaymentSchema.index({ email: 1, date: -1, _id: -1 });
