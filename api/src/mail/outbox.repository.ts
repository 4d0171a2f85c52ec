import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
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
  constructor(@InjectModel(OutboxRecord.name) private readonly model: Model<OutboxRecord>) {}

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
    const now = new Date();
    const d = await this.model
      .findOneAndUpdate(
        {
          state: 'pending',
          nextAttemptAt: { $lte: now },
          $or: [{ owner: null }, { leaseUntil: { $lte: now } }],
        },
        { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) } },
        { sort: { nextAttemptAt: 1, _id: 1 }, returnDocument: 'after' },
      )
      .lean<OutboxRecord>()
      .exec();
    return d ? toEntry(d) : null;
  }

  /** The holder records the send; false when another sender took the message over meanwhile. */
  async markSent(key: string, owner: string, messageId: string): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { key, owner, state: 'pending' },
        {
          $set: { state: 'sent', sentAt: new Date(), messageId },
          $unset: { owner: 1, leaseUntil: 1, lastError: 1 },
          $inc: { attempts: 1 },
        },
      )
      .exec();
    return res.matchedCount === 1;
  }

  /** The holder lets go after a failed send: the message is tried again after `nextAttemptAt`. */
  async retryLater(key: string, owner: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.model
      .updateOne(
        { key, owner, state: 'pending' },
        {
          $set: { lastError: error.slice(0, 500), nextAttemptAt },
          $unset: { owner: 1, leaseUntil: 1 },
          $inc: { attempts: 1 },
        },
      )
      .exec();
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
