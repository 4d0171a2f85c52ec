import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { createHash } from 'node:crypto';
import type { LiveEvent, LiveEventType } from './live.model';
import { LiveEventRecord, LiveTicketRecord } from './live.schema';

type LeanEvent = LiveEventRecord & { _id: Types.ObjectId };

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

@Injectable()
export class LiveRepository {
  constructor(
    @InjectModel(LiveEventRecord.name) private readonly events: Model<LiveEventRecord>,
    @InjectModel(LiveTicketRecord.name) private readonly tickets: Model<LiveTicketRecord>,
  ) {}

  async add(to: string, type: LiveEventType, data: Record<string, unknown>, at: Date): Promise<void> {
    await this.events.create({ to, type, data, at });
  }

  /** Events written after `since`, oldest first (at most `limit`). */
  async since(since: Date, limit: number): Promise<LiveEvent[]> {
    const docs = await this.events
      .find({ at: { $gt: since } })
      .sort({ at: 1, _id: 1 })
      .limit(limit)
      .lean<LeanEvent[]>()
      .exec();
    return docs.map((d) => ({ _id: d._id.toString(), to: d.to, type: d.type, data: d.data ?? {}, at: d.at }));
  }

  async addTicket(ticket: string, email: string, expiresAt: Date): Promise<void> {
    await this.tickets.create({ _id: hashOf(ticket), email, expiresAt });
  }

  /** The ticket's account, once: the ticket is deleted as it is read, so a second use (or a replay) finds nothing. */
  async redeemTicket(ticket: string): Promise<string | null> {
    const d = await this.tickets
      .findOneAndDelete({ _id: hashOf(ticket), expiresAt: { $gt: new Date() } })
      .lean<LiveTicketRecord>()
      .exec();
    return d?.email ?? null;
  }
}
