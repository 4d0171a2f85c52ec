import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AlreadyExistsError } from '../common/domain-errors';
import { isDuplicateKey } from '../database/duplicate-key';
import type { CheckIn, PickedUpBy } from './check-in.model';
import { CheckInRecord } from './check-in.schema';

const toCheckIn = (d: CheckInRecord): CheckIn => ({
  classId: d.classId,
  className: d.className,
  participantId: d.participantId,
  email: d.email,
  ...(d.camperId ? { camperId: d.camperId } : {}),
  name: d.name,
  date: d.date,
  checkedInAt: d.checkedInAt,
  checkedInBy: d.checkedInBy,
  checkedInByName: d.checkedInByName,
  ...(d.checkedOutAt
    ? { checkedOutAt: d.checkedOutAt, checkedOutBy: d.checkedOutBy, checkedOutByName: d.checkedOutByName }
    : {}),
  ...(d.pickedUpBy ? { pickedUpBy: { name: d.pickedUpBy.name, relationship: d.pickedUpBy.relationship } } : {}),
});

type DayKey = Pick<CheckIn, 'classId' | 'participantId' | 'date'>;

@Injectable()
export class CheckInsRepository {
  constructor(@InjectModel(CheckInRecord.name) private readonly model: Model<CheckInRecord>) {}

  /** AlreadyExistsError when the participant is checked in for that day already. */
  async checkIn(c: CheckIn): Promise<CheckIn> {
    try {
      const doc = await this.model.create(c);
      return toCheckIn(doc.toObject());
    } catch (err) {
      if (isDuplicateKey(err)) throw new AlreadyExistsError('Check-in');
      throw err;
    }
  }

  /** Checks out a participant who is checked in and not out yet, in one conditional write; null otherwise. */
  async checkOut(
    key: DayKey,
    out: { at: Date; by: string; byName: string; pickedUpBy?: PickedUpBy },
  ): Promise<CheckIn | null> {
    const d = await this.model
      .findOneAndUpdate(
        { ...key, checkedOutAt: null },
        {
          $set: {
            checkedOutAt: out.at,
            checkedOutBy: out.by,
            checkedOutByName: out.byName,
            ...(out.pickedUpBy ? { pickedUpBy: out.pickedUpBy } : {}),
          },
        },
        { returnDocument: 'after' },
      )
      .lean<CheckInRecord>()
      .exec();
    return d ? toCheckIn(d) : null;
  }

  async find(key: DayKey): Promise<CheckIn | null> {
    const d = await this.model.findOne(key).lean<CheckInRecord>().exec();
    return d ? toCheckIn(d) : null;
  }

  async forClass(classId: string): Promise<CheckIn[]> {
    return (await this.model.find({ classId }).lean<CheckInRecord[]>().exec()).map(toCheckIn);
  }

  async forFamily(email: string, date?: string): Promise<CheckIn[]> {
    const docs = await this.model
      .find({ email, ...(date ? { date } : {}) })
      .sort({ date: 1, checkedInAt: 1 })
      .lean<CheckInRecord[]>()
      .exec();
    return docs.map(toCheckIn);
  }
}
