import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { isDuplicateKey } from '../database/duplicate-key';
import { findPage } from '../database/find-page';
import { LeasedRows, unheld } from '../database/leased-rows';
import type { ClassMessage } from './message.model';
import { ClassMessageRecord, MessageReadRecord } from './message.schema';

type LeanMessage = ClassMessageRecord & { _id: Types.ObjectId };

const toMessage = (d: LeanMessage): ClassMessage => ({
  _id: d._id.toString(),
  classId: d.classId,
  className: d.className,
  subject: d.subject,
  body: d.body,
  senderEmail: d.senderEmail,
  senderName: d.senderName,
  sentAt: d.sentAt,
  recipients: d.recipients ?? [],
  ...(d.mailedAt ? { mailedAt: d.mailedAt } : {}),
});

const NEWEST_FIRST = { sentAt: -1, _id: -1 } as const;

@Injectable()
export class MessagesRepository {
  private readonly leases: LeasedRows<ClassMessageRecord>;

  constructor(
    @InjectModel(ClassMessageRecord.name) private readonly messages: Model<ClassMessageRecord>,
    @InjectModel(MessageReadRecord.name) private readonly reads: Model<MessageReadRecord>,
  ) {
    this.leases = new LeasedRows(messages, '_id');
  }

  async insert(m: Omit<ClassMessage, '_id' | 'mailedAt'>): Promise<ClassMessage> {
    const doc = await this.messages.create({ ...m, attempts: 0 });
    return toMessage(doc.toObject() as LeanMessage);
  }

  async classPage(classId: string, window: PageWindow): Promise<{ items: ClassMessage[]; total: number }> {
    const { docs, total } = await findPage<ClassMessageRecord, LeanMessage>(
      this.messages,
      { classId },
      NEWEST_FIRST,
      window,
    );
    return { items: docs.map(toMessage), total };
  }

  async inboxPage(email: string, window: PageWindow): Promise<{ items: ClassMessage[]; total: number }> {
    const { docs, total } = await findPage<ClassMessageRecord, LeanMessage>(
      this.messages,
      { recipients: email },
      NEWEST_FIRST,
      window,
    );
    return { items: docs.map(toMessage), total };
  }

  async inbox(email: string): Promise<ClassMessage[]> {
    const docs = await this.messages.find({ recipients: email }).sort(NEWEST_FIRST).lean<LeanMessage[]>().exec();
    return docs.map(toMessage);
  }

  /** Messages sent to the account, less the ones it read (reads are only recorded for its own messages). */
  async unreadCount(email: string): Promise<number> {
    const [received, read] = await Promise.all([
      this.messages.countDocuments({ recipients: email }).exec(),
      this.reads.countDocuments({ email }).exec(),
    ]);
    return Math.max(0, received - read);
  }

  async readOf(email: string, messageIds: string[]): Promise<Set<string>> {
    if (!messageIds.length) return new Set();
    const docs = await this.reads
      .find({ email, messageId: { $in: messageIds } }, { messageId: 1 })
      .lean<{ messageId: string }[]>()
      .exec();
    return new Set(docs.map((d) => d.messageId));
  }

  /** The message, only when it was sent to `email`. */
  async findFor(id: string, email: string): Promise<ClassMessage | null> {
    const d = await this.messages.findOne({ _id: id, recipients: email }).lean<LeanMessage>().exec();
    return d ? toMessage(d) : null;
  }

  /** Idempotent: reading twice keeps the first time. */
  async markRead(messageId: string, email: string): Promise<void> {
    await this.reads
      .updateOne({ messageId, email }, { $setOnInsert: { readAt: new Date() } }, { upsert: true })
      .exec()
      .catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
  }

  /** Every family's e-mail is in the outbox. */
  async markMailed(id: string): Promise<void> {
    await this.messages
      .updateOne({ _id: id }, { $set: { mailedAt: new Date() }, $unset: { owner: 1, leaseUntil: 1 } })
      .exec();
  }

  /** A message sent before `before` whose e-mails are not all in the outbox, claimed for `owner`. */
  async claimUnmailed(before: Date, owner: string, leaseMs: number): Promise<ClassMessage | null> {
    const d = await this.leases.claim<LeanMessage>(
      {
        mailedAt: null,
        sentAt: { $lte: before },
        $and: [unheld(), { $or: [{ nextAttemptAt: null }, { nextAttemptAt: { $lte: new Date() } }] }],
      },
      owner,
      leaseMs,
      { sentAt: 1, _id: 1 },
    );
    return d ? toMessage(d) : null;
  }

  async pushBack(id: string, owner: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.leases.pushBack(new Types.ObjectId(id), owner, error, nextAttemptAt);
  }
}
