import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { AlreadyExistsError } from '../common/domain-errors';
import { isDuplicateKey } from '../database/duplicate-key';
import type { Selection } from './selection.model';
import { SelectionRecord } from './selection.schema';

type LeanSelection = Omit<Selection, '_id' | 'classId'> & { _id: Types.ObjectId; classId: Types.ObjectId };

const toSelection = (d: LeanSelection): Selection => ({
  _id: d._id.toString(),
  classId: d.classId.toString(),
  className: d.className,
  instructorName: d.instructorName,
  seats: d.seats,
  studentEmail: d.studentEmail,
  price: d.price,
});

@Injectable()
export class SelectionsRepository {
  constructor(@InjectModel(SelectionRecord.name) private readonly model: Model<SelectionRecord>) {}

  /** Throws AlreadyExistsError when the student already selected the class (the unique index, even under races). */
  async insert(s: Omit<Selection, '_id'>): Promise<Selection> {
    try {
      const doc = await this.model.create({ ...s, classId: new Types.ObjectId(s.classId), createdAt: new Date() });
      return toSelection(doc.toObject() as unknown as LeanSelection);
    } catch (err) {
      if (isDuplicateKey(err)) throw new AlreadyExistsError('This selection');
      throw err;
    }
  }

  async listForStudent(studentEmail: string): Promise<Selection[]> {
    const docs = await this.model.find({ studentEmail }).sort({ createdAt: 1, _id: 1 }).lean<LeanSelection[]>().exec();
    return docs.map(toSelection);
  }

  /** Only the owner's selection: another student's id behaves as unknown. */
  async findOwned(id: string, studentEmail: string): Promise<Selection | null> {
    const d = await this.model.findOne({ _id: id, studentEmail }).lean<LeanSelection>().exec();
    return d ? toSelection(d) : null;
  }

  async deleteOwned(id: string, studentEmail: string): Promise<number> {
    const res = await this.model.deleteOne({ _id: id, studentEmail }).exec();
    return res.deletedCount;
  }
}
