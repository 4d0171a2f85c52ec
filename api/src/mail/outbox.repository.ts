import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { LeasedRows, unheld } from '../database/leased-rows';
import type { OutboxEntry, OutboxMessage } from './mail.model';
import { OutboxRecord } from './outbox.schema';

const toEntry = (d: OutboxRecord): OutboxEntry => ({
  key: d.key,
  to: d.to,
  template: d.template,
  data: d.data ?? {},
  state: d.state,
  attempts: d.attempts ?? 0,
  nextAttemptAt: d.nextAttemptAt,
  ...(d.lastError ? { lastError: d.lastError } : {}),
  ...(d.owner ? { owner: d.owner } : {}),
  ...(d.leaseUntil ? { leaseUntil: d.leaseUntil } : {}),
  ...(d.messageId ? { messageId: d.messageId } : {}),
  createdAt: d.createdAt,
  ...(d.sentAt ? { sentAt: d.sentAt } : {}),
});

@Injectable()
export class OutboxRepository {
  private readonly leases: LeasedRows<OutboxRecord>;

  constructor(@InjectModel(OutboxRecord.name) private readonly model: Model<OutboxRecord>) {
    this.leases = new LeasedRows(model, 'key');
  }

  /** Adds the message unless its key is there already (then nothing changes: the first one is what is sent). */
  async add(message: OutboxMessage, sendAt: Date): Promise<void> {
    const now = new Date();
    await this.model
      .updateOne(
        { key: message.key },
        {
          $setOnInsert: {
            ...message,
            state: 'pending',
            attempts: 0,
            nextAttemptAt: sendAt,
            createdAt: now,
          },
        },
        { upsert: true },
      )
      .exec()
      .catch((err: unknown) => {
        // Two upserts racing on the unique key: the other one inserted it, which is all that was asked.
        if (!isDuplicateKey(err)) throw err;
      });
  }

  /**
   * Claims the next pending message that is due (or whose sender's lease ran out) for `owner`; each concurrent
   * caller gets a different one, or null.
   */
  async claimNextDue(owner: string, leaseMs: number): Promise<OutboxEntry | null> {
    const d = await this.leases.claim<OutboxRecord>(
      { state: 'pending', nextAttemptAt: { $lte: new Date() }, ...unheld() },
      owner,
      leaseMs,
      { nextAttemptAt: 1, _id: 1 },
    );
    return d ? toEntry(d) : null;
  }

  /** Messages not sent yet, and since when the oldest one due at `now` is due (null: none is). */
  async backlog(now: Date): Promise<{ pending: number; oldestDueAt: Date | null }> {
    const [pending, oldest] = await Promise.all([
      this.model.countDocuments({ state: 'pending' }).exec(),
      this.model
        .findOne({ state: 'pending', nextAttemptAt: { $lte: now } }, { nextAttemptAt: 1 })
        .sort({ nextAttemptAt: 1, _id: 1 })
        .lean<{ nextAttemptAt: Date }>()
        .exec(),
    ]);
    return { pending, oldestDueAt: oldest?.nextAttemptAt ?? null };
  }

  /** The holder records the send; false when another sender took the message over meanwhile. */
  async markSent(key: string, owner: string, messageId: string): Promise<boolean> {
    const d = await this.leases.release(
      key,
      owner,
      { state: 'sent', sentAt: new Date(), messageId },
      { match: { state: 'pending' }, unset: ['lastError'], inc: { attempts: 1 } },
    );
    return d !== null;
  }

  /** The holder lets go after a failed send: the message is tried again after `nextAttemptAt`. */
  async retryLater(key: string, owner: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.leases.pushBack(key, owner, error, nextAttemptAt);
  }

  async find(key: string): Promise<OutboxEntry | null> {
    const d = await this.model.findOne({ key }).lean<OutboxRecord>().exec();
    return d ? toEntry(d) : null;
  }

  /** Inserts a message already sent (the demo data's receipt, delivered by the seed itself). */
  async addSent(message: OutboxMessage, messageId: string): Promise<boolean> {
    const now = new Date();
    const res = await this.model
      .updateOne(
        { key: message.key },
        {
          $setOnInsert: {
            ...message,
            state: 'sent',
            attempts: 1,
            nextAttemptAt: now,
            createdAt: now,
            sentAt: now,
            messageId,
          },
        },
        { upsert: true },
      )
      .exec()
      .catch((err: unknown) => {
        if (isDuplicateKey(err)) return { upsertedCount: 0 };
        throw err;
      });
    return res.upsertedCount === 1;
  }
}
