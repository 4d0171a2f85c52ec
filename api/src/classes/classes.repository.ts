import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { UpdateResult } from '../common/write-results';
import type { CampClass, ClassStatus } from './class.model';
import { ClassRecord } from './class.schema';

type LeanClass = Omit<CampClass, '_id'> & { _id: { toString(): string } };

const toClass = (d: LeanClass): CampClass => ({
  _id: d._id.toString(),
  className: d.className,
  classImage: d.classImage,
  instructorName: d.instructorName,
  instructorEmail: d.instructorEmail,
  seats: d.seats,
  price: d.price,
  status: d.status,
  date: d.date,
  enrolled: d.enrolled ?? 0,
  feedback: d.feedback ?? '',
});

export type NewClass = Pick<CampClass, 'className' | 'classImage' | 'instructorName' | 'instructorEmail' | 'seats' | 'price'> &
  Partial<Pick<CampClass, 'status' | 'enrolled' | 'feedback' | 'date'>>;

export type ClassChanges = Partial<Pick<CampClass, 'className' | 'classImage' | 'seats' | 'price'>>;

@Injectable()
export class ClassesRepository {
  constructor(@InjectModel(ClassRecord.name) private readonly model: Model<ClassRecord>) {}

  async findById(id: string): Promise<CampClass | null> {
    const d = await this.model.findById(id).lean<LeanClass>().exec();
    return d ? toClass(d) : null;
  }

  async insert(c: NewClass): Promise<CampClass> {
    const doc = await this.model.create({ status: 'pending', enrolled: 0, feedback: '', date: new Date(), ...c });
    return toClass(doc.toObject() as LeanClass);
  }

  async insertMany(classes: NewClass[]): Promise<number> {
    const docs = await this.model.insertMany(classes);
    return docs.length;
  }

  async list(filter: { status?: ClassStatus; instructorEmail?: string } = {}): Promise<CampClass[]> {
    const docs = await this.model.find(filter).sort({ date: -1, _id: -1 }).lean<LeanClass[]>().exec();
    return docs.map(toClass);
  }

  async popular(limit: number): Promise<CampClass[]> {
    const docs = await this.model
      .find({ status: 'approved' })
      .sort({ enrolled: -1, _id: 1 })
      .limit(limit)
      .lean<LeanClass[]>()
      .exec();
    return docs.map(toClass);
  }

  /** Students enrolled per instructor, over approved classes only. */
  async enrolledByInstructor(): Promise<Map<string, number>> {
    const rows = await this.model
      .aggregate<{ _id: string; total: number }>([
        { $match: { status: 'approved' } },
        { $group: { _id: '$instructorEmail', total: { $sum: '$enrolled' } } },
      ])
      .exec();
    return new Map(rows.map((r) => [r._id, r.total]));
  }

  /** Moves a class out of `pending` only: the status filter makes the decision final even under races. */
  async decide(id: string, status: Exclude<ClassStatus, 'pending'>): Promise<UpdateResult> {
    const res = await this.model.updateOne({ _id: id, status: 'pending' }, { $set: { status } }).exec();
    return { matchedCount: res.matchedCount, modifiedCount: res.modifiedCount };
  }

  async setFeedback(id: string, feedback: string): Promise<UpdateResult> {
    const res = await this.model.updateOne({ _id: id }, { $set: { feedback } }).exec();
    return { matchedCount: res.matchedCount, modifiedCount: res.modifiedCount };
  }

  /** The owner's edit; any change sends the class back to review. */
  async updateOwned(id: string, instructorEmail: string, changes: ClassChanges): Promise<UpdateResult> {
    const res = await this.model
      .updateOne({ _id: id, instructorEmail }, { $set: { ...changes, status: 'pending' } })
      .exec();
    return { matchedCount: res.matchedCount, modifiedCount: res.modifiedCount };
  }

  /**
   * Takes one seat for `holder` (a payment intent) if any is left. The `seats > 0` filter makes it atomic; the
   * holder list makes it idempotent, so a retried settlement never takes a second seat. 'taken' also when the
   * holder already had it.
   */
  async takeSeat(id: string, holder: string): Promise<'taken' | 'full' | 'not-offered'> {
    const res = await this.model
      .updateOne(
        { _id: id, status: 'approved', seats: { $gt: 0 }, seatHolders: { $ne: holder } },
        { $inc: { seats: -1, enrolled: 1 }, $push: { seatHolders: holder } },
      )
      .exec();
    if (res.modifiedCount === 1) return 'taken';
    const d = await this.model.findById(id, { status: 1, seatHolders: 1 }).lean<{ status: ClassStatus; seatHolders?: string[] }>().exec();
    if (d?.seatHolders?.includes(holder)) return 'taken';
    return d?.status === 'approved' ? 'full' : 'not-offered';
  }

  /** Gives back the seat `holder` took, if it holds one (idempotent: a second call changes nothing). */
  async releaseSeat(id: string, holder: string): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, seatHolders: holder }, { $inc: { seats: 1, enrolled: -1 }, $pull: { seatHolders: holder } })
      .exec();
    return res.modifiedCount === 1;
  }

  async holdsSeat(id: string, holder: string): Promise<boolean> {
    return (await this.model.countDocuments({ _id: id, seatHolders: holder }).exec()) > 0;
  }
}
