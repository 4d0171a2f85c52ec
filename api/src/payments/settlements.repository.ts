import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { findPage } from '../database/find-page';
import { LeasedRows, unheld } from '../database/leased-rows';
import type { RefundReason, Revocation, Settlement, SettlementState } from './settlement.model';
import { SettlementRecord } from './settlement.schema';

const toSettlement = (d: SettlementRecord): Settlement => ({
  intentId: d.intentId,
  email: d.email,
  classId: d.classId,
  selectionId: d.selectionId,
  ...(d.camperId ? { camperId: d.camperId } : {}),
  ...(d.camperName ? { camperName: d.camperName } : {}),
  amount: d.amount,
  ...(d.quote ? { quote: d.quote } : {}),
  state: d.state,
  charged: d.charged ?? false,
  ...(d.paymentId ? { paymentId: d.paymentId } : {}),
  ...(d.reason ? { reason: d.reason } : {}),
  refundAttempts: d.refundAttempts ?? 0,
  nextAttemptAt: d.nextAttemptAt,
  ...(d.lastError ? { lastError: d.lastError } : {}),
  attempts: d.attempts ?? 0,
  ...(d.owner ? { owner: d.owner } : {}),
  ...(d.leaseUntil ? { leaseUntil: d.leaseUntil } : {}),
  pokes: d.pokes ?? 0,
  ...(d.revokeRequested ? { revokeRequested: d.revokeRequested } : {}),
  ...(d.refundedAmount ? { refundedAmount: d.refundedAmount } : {}),
  ...(d.cancelledAt ? { cancelledAt: d.cancelledAt } : {}),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** Not settled yet, and opened before `olderThan`. */
const unsettledFilter = (olderThan: Date) => ({
  $or: [{ state: { $in: ['open', 'refund_due', 'revoking'] } }, { state: 'expired', charged: true }],
  createdAt: { $lte: olderThan },
});

/** What reconciliation looks at: unsettled rows whose next look is due, requests nobody acted on, lost claims. */
const dueFilter = (now: Date): Record<string, unknown> => ({
  $or: [
    { leaseUntil: { $lte: new Date() } },
    {
      owner: null,
      nextAttemptAt: { $lte: now },
      $or: [
        { state: { $in: ['open', 'refund_due', 'revoking'] } },
        // Expired with money at the provider, or never cancelled there (rows from before cancelling existed).
        { state: 'expired', charged: true },
        { state: 'expired', cancelledAt: null },
        { state: 'recorded', revokeRequested: { $ne: null } },
      ],
    },
  ],
});

/** What a claim holder writes when it lets go: the outcome, and the claim and handled requests cleared. */
export interface Release {
  state: SettlementState;
  paymentId?: string;
  reason?: RefundReason;
  nextAttemptAt?: Date;
  refundedAmount?: number;
  cancelledAt?: Date;
  charged?: boolean;
  lastError?: string;
  /** Counts a failed attempt (refund or reconciliation). */
  failed?: 'refund' | 'attempt';
}
// Oldest first; _id breaks ties, so pages neither overlap nor skip (index in settlement.schema.ts).
const UNSETTLED_ORDER = { createdAt: 1, _id: 1 } as const;

export type NewSettlement = Pick<
  Settlement,
  'intentId' | 'email' | 'classId' | 'selectionId' | 'amount' | 'camperId' | 'camperName' | 'quote'
>;

@Injectable()
export class SettlementsRepository {
  private readonly leases: LeasedRows<SettlementRecord>;

  constructor(@InjectModel(SettlementRecord.name) private readonly model: Model<SettlementRecord>) {
    this.leases = new LeasedRows(model, 'intentId');
  }

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
              attempts: 0,
              pokes: 0,
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

  /** The quote the family sees now, on an open row nobody holds (the intent was reused for the same amount). */
  async requote(intentId: string, quote: Settlement['quote']): Promise<void> {
    await this.model
      .updateOne({ intentId, state: 'open', charged: false, owner: null }, { $set: { quote, updatedAt: new Date() } })
      .exec();
  }

  async find(intentId: string): Promise<Settlement | null> {
    const d = await this.model.findOne({ intentId }).lean<SettlementRecord>().exec();
    return d ? toSettlement(d) : null;
  }

  /**
   * Claims the row for `owner` when nobody holds it (or its holder's lease ran out). Only the holder changes the
   * intent's seat and payment, so two paths never interleave their writes.
   */
  async claim(intentId: string, owner: string, leaseMs: number): Promise<Settlement | null> {
    const d = await this.leases.claim<SettlementRecord>({ intentId, ...unheld() }, owner, leaseMs);
    return d ? toSettlement(d) : null;
  }

  /** Claims the next due row (oldest next look first); each concurrent caller gets a different row. */
  async claimNextDue(now: Date, owner: string, leaseMs: number): Promise<Settlement | null> {
    const d = await this.leases.claim<SettlementRecord>(dueFilter(now), owner, leaseMs, { nextAttemptAt: 1, _id: 1 });
    return d ? toSettlement(d) : null;
  }

  /** Extends the holder's lease before its next write; false when another path took the row over. */
  renew(intentId: string, owner: string, leaseMs: number): Promise<boolean> {
    return this.leases.renew(intentId, owner, leaseMs);
  }

  /**
   * The holder's outcome, written only while it still holds the row and nobody asked anything since it read it
   * (`pokes`); null otherwise, and the holder looks again.
   */
  async release(intentId: string, owner: string, pokes: number, r: Release): Promise<Settlement | null> {
    const { failed, ...set } = r;
    const d = await this.leases.release<SettlementRecord>(
      intentId,
      owner,
      { ...set, updatedAt: new Date() },
      {
        match: { pokes },
        unset: ['revokeRequested'],
        ...(failed ? { inc: { [failed === 'refund' ? 'refundAttempts' : 'attempts']: 1 } } : {}),
      },
    );
    return d ? toSettlement(d) : null;
  }

  /**
   * The holder writes a decision before acting on it (a refund owed, an enrolment to undo), renewing its lease in
   * the same update; false when it no longer holds the row.
   */
  decide(
    intentId: string,
    owner: string,
    set: Pick<Release, 'state' | 'reason' | 'charged'>,
    leaseMs: number,
  ): Promise<boolean> {
    return this.leases.renew(intentId, owner, leaseMs, { ...set, updatedAt: new Date() });
  }

  /**
   * Up to `limit` recorded rows nobody holds, in `_id` order after `afterId` (the reconciliation's audit walks the
   * whole ledger a batch at a time).
   */
  async recordedAfter(
    afterId: string | undefined,
    limit: number,
  ): Promise<{ id: string; intentId: string; classId: string }[]> {
    const docs = await this.model
      .find(
        { state: 'recorded', ...unheld(), ...(afterId ? { _id: { $gt: new Types.ObjectId(afterId) } } : {}) },
        { intentId: 1, classId: 1 },
      )
      .sort({ _id: 1 })
      .limit(limit)
      .lean<{ _id: Types.ObjectId; intentId: string; classId: string }[]>()
      .exec();
    return docs.map((d) => ({ id: d._id.toString(), intentId: d.intentId, classId: d.classId }));
  }

  /** Lets go after a failure: the row keeps its state and is looked at again after `nextAttemptAt`. */
  async abandon(intentId: string, owner: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.leases.pushBack(intentId, owner, error, nextAttemptAt, { updatedAt: new Date() });
  }

  /**
   * A path that could not claim the row leaves its news on it: the holder's release then fails and it looks again;
   * reconciliation picks it up when nobody holds the row. Money taken (`charged`) and a refund or dispute at the
   * provider or the student's cancellation (`revoke`) are kept until handled.
   */
  async poke(intentId: string, news: { charged?: boolean; revoke?: Revocation }): Promise<void> {
    await this.model
      .updateOne(
        { intentId },
        {
          $inc: { pokes: 1 },
          $set: {
            nextAttemptAt: new Date(),
            ...(news.charged ? { charged: true } : {}),
            ...(news.revoke ? { revokeRequested: news.revoke } : {}),
          },
        },
      )
      .exec();
  }

  /** How many of the selection's intents are closed (settled one way or another, or expired). */
  closedForSelection(selectionId: string, email: string): Promise<number> {
    return this.model.countDocuments({ selectionId, email, state: { $ne: 'open' } }).exec();
  }

  openForSelection(selectionId: string, email: string): Promise<Settlement[]> {
    return this.findRows({ selectionId, email, state: { $in: ['open', 'expired'] } }, { createdAt: 1 }, 20);
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
