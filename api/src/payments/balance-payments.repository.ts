import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { BalancePaymentRecord } from './balance-payment.schema';

export type BalancePaymentRow = Pick<
  BalancePaymentRecord,
  'intentId' | 'enrolment' | 'email' | 'installments' | 'cents' | 'state' | 'createdAt'
>;

/** The families' on-session payments of what is left of a plan (balance-payments.ts). */
@Injectable()
export class BalancePaymentsRepository {
  constructor(@InjectModel(BalancePaymentRecord.name) private readonly model: Model<BalancePaymentRecord>) {}

  /** How many of the enrolment's balance intents are paid or expired (the next one's idempotency key counts them). */
  closedOf(enrolment: string): Promise<number> {
    return this.model.countDocuments({ enrolment, state: { $ne: 'open' } }).exec();
  }

  /** The intent's row, written once: a reused intent keeps the installments it was opened for. */
  async opened(row: Omit<BalancePaymentRow, 'state' | 'createdAt'>, now: Date): Promise<void> {
    await this.model
      .updateOne(
        { intentId: row.intentId },
        { $setOnInsert: { ...row, state: 'open', createdAt: now, updatedAt: now } },
        { upsert: true },
      )
      .exec();
  }

  find(intentId: string): Promise<BalancePaymentRow | null> {
    return this.model.findOne({ intentId }).lean<BalancePaymentRecord>().exec();
  }

  async applied(intentId: string, appliedCents: number, refundedCents: number): Promise<void> {
    await this.model
      .updateOne({ intentId }, { $set: { state: 'applied', appliedCents, refundedCents, updatedAt: new Date() } })
      .exec();
  }

  /** Open rows created before `before`, oldest first. */
  openBefore(before: Date, limit: number): Promise<BalancePaymentRow[]> {
    return this.model
      .find({ state: 'open', createdAt: { $lte: before } })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<BalancePaymentRecord[]>()
      .exec();
  }

  async expired(intentId: string): Promise<void> {
    await this.model
      .updateOne({ intentId, state: 'open' }, { $set: { state: 'expired', updatedAt: new Date() } })
      .exec();
  }
}
