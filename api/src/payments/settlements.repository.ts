import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { findPage } from '../database/find-page';
import type { RefundReason, Settlement, SettlementState } from './settlement.model';
import { SettlementRecord } from './settlement.schema';

const toSettlement = (d: SettlementRecord): Settlement => ({
  intentId: d.intentId,
  email: d.email,
  classId: d.classId,
  selectionId: d.selectionId,
  amount: d.amount,
  state: d.state,
  charged: d.charged ?? false,
  ...(d.paymentId ? { paymentId: d.paymentId } : {}),
  ...(d.reason ? { reason: d.reason } : {}),
  refundAttempts: d.refundAttempts ?? 0,
  nextAttemptAt: d.nextAttemptAt,
  ...(d.lastError ? { lastError: d.lastError } : {}),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** Not settled yet, and opened before `olderThan`. */
const unsettledFilter = (olderThan: Date) => ({
  state: { $in: ['open', 'refund_due', 'revoking'] },
  createdAt: { $lte: olderThan },
});
// Oldest first; _id breaks ties, so pages neither overlap nor skip (index in settlement.schema.ts).
const UNSETTLED_ORDER = { createdAt: 1, _id: 1 } as const;

export type NewSettlement = Pick<Settlement, 'intentId' | 'email' | 'classId' | 'selectionId' | 'amount'>;

@Injectable()
export class SettlementsRepository {
  constructor(@InjectModel(SettlementRecord.name) private readonly model: Model<SettlementRecord>) {}

  /** The intent's row, created `open` on first sight; concurrent first calls all get the one row. */
  async open(s: NewSettlement, firstCheckAt: Date): Promise<Settlement> {
    const now = new Date();
    const upsert = () =>
      this.model
        .findOneAndUpdate(
          { intentId: s.intentId },
          {
            $setOnInsert: {
              ...s,
              state: 'open',
              charged: false,
              refundAttempts: 0,
              nextAttemptAt: firstCheckAt,
              createdAt: now,
              updatedAt: now,
            },
          },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<SettlementRecord>()
        .exec();
    // Two upserts racing on the unique key: the loser's insert fails once, then it finds the winner's row.
    const d = await upsert().catch((err: { code?: number }) => {
      if (err.code === 11000) return upsert();
      throw err;
    });
    return toSettlement(d!);
  }

  async find(intentId: string): Promise<Settlement | null> {
    const d = await this.model.findOne({ intentId }).lean<SettlementRecord>().exec();
    return d ? toSettlement(d) : null;
  }

  /**
   * Moves the row from one of `from` to `to` and returns it, or null when another call moved it first. This
   * conditional update is the only way a state changes, so each decision is taken exactly once.
   */
  async transition(
    intentId: string,
    from: readonly SettlementState[],
    to: SettlementState,
    extra: { paymentId?: string; reason?: RefundReason; nextAttemptAt?: Date } = {},
  ): Promise<Settlement | null> {
    const d = await this.model
      .findOneAndUpdate(
        { intentId, state: { $in: from } },
        { $set: { state: to, updatedAt: new Date(), ...extra } },
        { returnDocument: 'after' },
      )
      .lean<SettlementRecord>()
      .exec();
    return d ? toSettlement(d) : null;
  }

  /** A refund that failed: counted, and not retried before `nextAttemptAt`. */
  async refundFailed(intentId: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.model
      .updateOne(
        { intentId, state: 'refund_due' },
        { $inc: { refundAttempts: 1 }, $set: { lastError: error.slice(0, 500), nextAttemptAt, updatedAt: new Date() } },
      )
      .exec();
  }

  async markCharged(intentId: string): Promise<void> {
    await this.model.updateOne({ intentId, charged: false }, { $set: { charged: true, updatedAt: new Date() } }).exec();
  }

  /** Pushes the next look at an open row back (the reconciliation job's backoff for intents not paid yet). */
  async postpone(intentId: string, nextAttemptAt: Date): Promise<void> {
    await this.model.updateOne({ intentId, state: { $in: ['open', 'expired'] } }, { $set: { nextAttemptAt } }).exec();
  }

  /** The selection's intents not settled yet (a charge may be on its way). */
  /** How many of the selection's intents are closed (settled one way or another, or expired). */
  closedForSelection(selectionId: string, email: string): Promise<number> {
    return this.model.countDocuments({ selectionId, email, state: { $ne: 'open' } }).exec();
  }

  openForSelection(selectionId: string, email: string): Promise<Settlement[]> {
    return this.findRows({ selectionId, email, state: { $in: ['open', 'expired'] } }, { createdAt: 1 }, 20);
  }

  /** Rows not settled yet whose next look is due, oldest first. */
  due(now: Date, limit: number): Promise<Settlement[]> {
    return this.findRows(
      { state: { $in: ['open', 'refund_due', 'revoking'] }, nextAttemptAt: { $lte: now } },
      { nextAttemptAt: 1 },
      limit,
    );
  }

  /**
   * Not settled after `olderThan`: open intents (charged, or not yet known to be: the provider is asked on the
   * next pass), refunds still owed, revocations left midway.
   */
  unsettled(olderThan: Date, limit: number): Promise<Settlement[]> {
    return this.findRows(unsettledFilter(olderThan), UNSETTLED_ORDER, limit);
  }

  /** The same rows a page at a time, and how many there are. */
  async unsettledPage(olderThan: Date, window: PageWindow): Promise<{ items: Settlement[]; total: number }> {
    const { docs, total } = await findPage<SettlementRecord, SettlementRecord>(
      this.model,
      unsettledFilter(olderThan),
      UNSETTLED_ORDER,
      window,
    );
    return { items: docs.map(toSettlement), total };
  }

  private async findRows(
    filter: Record<string, unknown>,
    sort: Record<string, 1 | -1>,
    limit: number,
  ): Promise<Settlement[]> {
    const docs = await this.model.find(filter).sort(sort).limit(limit).lean<SettlementRecord[]>().exec();
    return docs.map(toSettlement);
  }
}
