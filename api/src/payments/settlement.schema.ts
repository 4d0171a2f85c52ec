import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  REFUND_REASONS,
  REVOCATIONS,
  SETTLEMENT_STATES,
  type RefundReason,
  type Revocation,
  type SettlementState,
  type StoredQuote,
} from './settlement.model';

@Schema({ collection: 'payment_settlements', versionKey: false })
export class SettlementRecord {
  @Prop({ required: true })
  intentId: string;

  @Prop({ required: true, lowercase: true })
  email: string;

  @Prop({ required: true })
  classId: string;

  @Prop({ required: true })
  selectionId: string;

  @Prop()
  camperId?: string;

  @Prop()
  camperName?: string;

  @Prop({ required: true })
  amount: number;

  @Prop({ type: Object })
  quote?: StoredQuote;

  @Prop({ type: String, enum: SETTLEMENT_STATES, required: true })
  state: SettlementState;

  @Prop({ default: false })
  charged: boolean;

  @Prop()
  paymentId?: string;

  @Prop({ type: String, enum: Object.keys(REFUND_REASONS) })
  reason?: RefundReason;

  @Prop({ default: 0 })
  refundAttempts: number;

  @Prop({ required: true })
  nextAttemptAt: Date;

  @Prop()
  lastError?: string;

  @Prop({ default: 0 })
  attempts: number;

  @Prop()
  owner?: string;

  @Prop()
  leaseUntil?: Date;

  @Prop({ default: 0 })
  pokes: number;

  @Prop({ type: String, enum: REVOCATIONS })
  revokeRequested?: Revocation;

  @Prop()
  refundedAmount?: number;

  @Prop()
  cancelledAt?: Date;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ required: true })
  updatedAt: Date;
}

export const SettlementSchema = SchemaFactory.createForClass(SettlementRecord);
// One row per intent: the unique key is what makes concurrent first calls agree on one row.
SettlementSchema.index({ intentId: 1 }, { unique: true });
SettlementSchema.index({ state: 1, nextAttemptAt: 1 });
// The admins' unsettled list, oldest first, a page at a time.
SettlementSchema.index({ state: 1, createdAt: 1, _id: 1 });
