import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { AlreadyExistsError } from '../common/domain-errors';
import { isDuplicateKey } from '../database/duplicate-key';
import { participantFields, type Participant } from '../campers/camper.model';
import type { WaitlistEntry } from './waitlist.model';
import { WaitlistEntryRecord } from './waitlist-entry.schema';

type LeanEntry = Omit<WaitlistEntryRecord, 'camperId' | 'camperName'> & {
  _id: Types.ObjectId;
  camperId?: string | null;
  camperName?: string | null;
};

/** The participant's rows: a missing camperId is the account holder's (null matches absent). */
const whose = (p: Participant) => ({ studentEmail: p.email, camperId: p.camperId ?? null });

const toEntry = (d: LeanEntry): WaitlistEntry => ({
  _id: d._id.toString(),
  classId: d.classId,
  studentEmail: d.studentEmail,
  joinedAt: d.joinedAt,
  state: d.state,
  ...(d.offerId ? { offerId: d.offerId } : {}),
  ...participantFields({ camperId: d.camperId ?? undefined, camperName: d.camperName ?? undefined }),
});

const QUEUE_ORDER = { joinedAt: 1, _id: 1 } as const;

@Injectable()
export class WaitlistEntriesRepository {
  constructor(@InjectModel(WaitlistEntryRecord.name) private readonly model: Model<WaitlistEntryRecord>) {}

  /** Throws AlreadyExistsError when the participant is already on the class's list (the unique index, even under races). */
  async insert(classId: string, p: Participant): Promise<WaitlistEntry> {
    try {
      const doc = await this.model.create({
        classId,
        studentEmail: p.email,
        ...(p.camperId ? { camperId: p.camperId, camperName: p.camperName } : {}),
        joinedAt: new Date(),
        state: 'waiting',
      });
      return toEntry(doc.toObject() as LeanEntry);
    } catch (err) {
      if (isDuplicateKey(err)) throw new AlreadyExistsError('This waitlist entry');
      throw err;
    }
  }

  async find(classId: string, p: Participant): Promise<WaitlistEntry | null> {
    const d = await this.model
      .findOne({ classId, ...whose(p) })
      .lean<LeanEntry>()
      .exec();
    return d ? toEntry(d) : null;
  }

  async findByOffer(offerId: string): Promise<WaitlistEntry | null> {
    const d = await this.model.findOne({ offerId }).lean<LeanEntry>().exec();
    return d ? toEntry(d) : null;
  }

  async forStudent(studentEmail: string, classIds?: string[]): Promise<WaitlistEntry[]> {
    const docs = await this.model
      .find({ studentEmail, ...(classIds ? { classId: { $in: classIds } } : {}) })
      .sort(QUEUE_ORDER)
      .lean<LeanEntry[]>()
      .exec();
    return docs.map(toEntry);
  }

  async anyWaiting(classId: string): Promise<boolean> {
    return (await this.model.countDocuments({ classId, state: 'waiting' }).limit(1).exec()) > 0;
  }

  /** How many wait before this entry (its place in the queue, minus one). */
  ahead(e: WaitlistEntry): Promise<number> {
    return this.model
      .countDocuments({
        classId: e.classId,
        state: 'waiting',
        $or: [{ joinedAt: { $lt: e.joinedAt } }, { joinedAt: e.joinedAt, _id: { $lt: new Types.ObjectId(e._id) } }],
      })
      .exec();
  }

  /**
   * The first student waiting becomes the one offered `offerId`: one conditional update, so concurrent offers of
   * different holds take different students, in queue order.
   */
  async takeFirstWaiting(classId: string, offerId: string): Promise<WaitlistEntry | null> {
    const d = await this.model
      .findOneAndUpdate(
        { classId, state: 'waiting' },
        { $set: { state: 'offered', offerId } },
        { sort: QUEUE_ORDER, returnDocument: 'after' },
      )
      .lean<LeanEntry>()
      .exec();
    return d ? toEntry(d) : null;
  }

  /** Leaves the list; only while still in `state` (an offer made meanwhile is declined instead). */
  async deleteIn(classId: string, p: Participant, state: WaitlistEntry['state']): Promise<boolean> {
    return (await this.model.deleteOne({ classId, ...whose(p), state }).exec()).deletedCount === 1;
  }

  /** A removed camper leaves every list they wait on (an offered seat is a selection, which blocks the removal). */
  async deleteWaitingOfCamper(studentEmail: string, camperId: string): Promise<void> {
    await this.model.deleteMany({ studentEmail, camperId, state: 'waiting' }).exec();
  }

  async deleteByOffer(offerId: string): Promise<void> {
    await this.model.deleteOne({ offerId }).exec();
  }

  /** Entries per class (waiting and offered), for the instructors' and admins' lists. */
  async counts(classIds: string[]): Promise<Map<string, number>> {
    const rows = await this.model
      .aggregate<{ _id: string; n: number }>([
        { $match: { classId: { $in: classIds } } },
        { $group: { _id: '$classId', n: { $sum: 1 } } },
      ])
      .exec();
    return new Map(rows.map((r) => [r._id, r.n]));
  }

  /** Classes somebody is waiting for (the sweeper checks whether they have free seats). */
  async classesWithWaiting(): Promise<string[]> {
    return (await this.model.distinct('classId', { state: 'waiting' }).exec()) as string[];
  }
}
