import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { INSTALLMENT_STATES, type InstallmentState } from './installment.model';

@Schema({ collection: 'installments', versionKey: false })
export class InstallmentRecord {
  @Prop({ required: true })
  enrolment: string;

  @Prop({ required: true })
  n: number;

  @Prop({ required: true })
  of: number;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  className: string;

  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;

  @Prop({ required: true, min: 0 })
  cents: number;

  @Prop({ required: true })
  dueAt: Date;

  @Prop({ type: String, enum: INSTALLMENT_STATES, required: true })
  state: InstallmentState;

  @Prop({ default: 0 })
  attempts: number;

  @Prop({ required: true })
  nextAttemptAt: Date;

  @Prop()
  failedAt?: Date;

  @Prop()
  lastError?: string;

  @Prop()
  needsCustomer?: boolean;

  @Prop()
  customerId?: string;

  @Prop()
  paymentMethodId?: string;

  @Prop()
  intentId?: string;

  @Prop()
  paidAt?: Date;

  @Prop()
  paidBy?: string;

  @Prop()
  refundTo?: string;

  @Prop({ default: 0 })
  refundAttempts: number;

  @Prop()
  owner?: string;

  @Prop()
  leaseUntil?: Date;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ required: true })
  updatedAt: Date;
}

export const InstallmentSchema = SchemaFactory.createForClass(InstallmentRecord);
// One row per installment of an enrolment, however often the settlement that creates them runs.
InstallmentSchema.index({ enrolment: 1, n: 1 }, { unique: true });
// What the job claims next, and the admins' lists (due soon, failed).
InstallmentSchema.index({ state: 1, nextAttemptAt: 1 });
InstallmentSchema.index({ state: 1, dueAt: 1 });
InstallmentSchema.index({ email: 1, dueAt: 1 });
