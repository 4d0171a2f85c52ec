import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { AttendanceRecord } from './attendance.schema';
import type { AttendanceMark } from './roster.model';

const toMark = (d: AttendanceRecord): AttendanceMark => ({
  classId: d.classId,
  className: d.className,
  participantId: d.participantId,
  email: d.email,
  ...(d.camperId ? { camperId: d.camperId } : {}),
  name: d.name,
  date: d.date,
  present: d.present,
});

@Injectable()
export class AttendanceRepository {
  constructor(@InjectModel(AttendanceRecord.name) private readonly model: Model<AttendanceRecord>) {}

  /** Saves one mark (the last save wins); idempotent, so a retried click changes nothing more. */
  async save(mark: AttendanceMark, takenBy: string): Promise<void> {
    const write = () =>
      this.model
        .updateOne(
          { classId: mark.classId, participantId: mark.participantId, date: mark.date },
          { $set: { ...mark, takenBy, updatedAt: new Date() } },
          { upsert: true },
        )
        .exec();
    // Two first saves racing on the unique key: the loser's insert fails once, then it updates the winner's row.
    await write().catch((err: unknown) => {
      if (isDuplicateKey(err)) return write();
      throw err;
    });
  }

  async forClass(classId: string): Promise<AttendanceMark[]> {
    return (await this.model.find({ classId }).lean<AttendanceRecord[]>().exec()).map(toMark);
  }

  async forFamily(email: string): Promise<AttendanceMark[]> {
    const docs = await this.model.find({ email }).sort({ classId: 1, date: 1 }).lean<AttendanceRecord[]>().exec();
    return docs.map(toMark);
  }
}
