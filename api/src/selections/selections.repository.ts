import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { AlreadyExistsError } from '../common/domain-errors';
import type { PageWindow } from '../common/paging';
import { isDuplicateKey } from '../database/duplicate-key';
import { anyOfIds, findPage } from '../database/find-page';
import { participantFields, type Participant } from '../campers/camper.model';
import type { Selection } from './selection.model';
import { SelectionRecord } from './selection.schema';

type LeanSelection = Omit<Selection, '_id' | 'classId' | 'camperId' | 'camperName'> & {
  _id: Types.ObjectId;
  classId: Types.ObjectId;
  heldBy?: string;
  camperId?: string | null;
  camperName?: string | null;
};

const toSelection = (d: LeanSelection): Selection => ({
  _id: d._id.toString(),
  classId: d.classId.toString(),
  className: d.className,
  instructorName: d.instructorName,
  seats: d.seats,
  studentEmail: d.studentEmail,
  price: d.price,
  // A hold whose offer ended (its selection not removed yet) is no longer shown as held.
  ...(d.heldUntil && d.heldBy ? { heldUntil: d.heldUntil } : {}),
  ...participantFields({ camperId: d.camperId ?? undefined, camperName: d.camperName ?? undefined }),
});

/** The participant's key: a missing camperId matches the account holder's rows (null in the unique index). */
const whose = (p: Participant) => ({ studentEmail: p.email, camperId: p.camperId ?? null });

// Oldest first; _id breaks ties, so pages neither overlap nor skip (index in selection.schema.ts).
const IN_SELECTION_ORDER = { createdAt: 1, _id: 1 } as const;

@Injectable()
export class SelectionsRepository {
  constructor(@InjectModel(SelectionRecord.name) private readonly model: Model<SelectionRecord>) {}

  /** Throws AlreadyExistsError when the participant already selected the class (the unique index, even under races). */
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
    const docs = await this.model.find({ studentEmail }).sort(IN_SELECTION_ORDER).lean<LeanSelection[]>().exec();
    return docs.map(toSelection);
  }

  /** One page of the student's selections (of `classIds` only, when given), oldest first, and how many there are. */
  async pageForStudent(
    studentEmail: string,
    window: PageWindow,
    classIds?: string[],
  ): Promise<{ items: Selection[]; total: number }> {
    const { docs, total } = await findPage<SelectionRecord, LeanSelection>(
      this.model,
      { studentEmail, ...(classIds ? { classId: anyOfIds(classIds) } : {}) },
      IN_SELECTION_ORDER,
      window,
    );
    return { items: docs.map(toSelection), total };
  }

  /** Only the owner's selection: another student's id behaves as unknown. */
  async findOwned(id: string, studentEmail: string): Promise<Selection | null> {
    const d = await this.model.findOne({ _id: id, studentEmail }).lean<LeanSelection>().exec();
    return d ? toSelection(d) : null;
  }

  /** The participant's selection of the class, if any (a seat they hold before paying). */
  async findFor(p: Participant, classId: string): Promise<Selection | null> {
    const d = await this.model
      .findOne({ ...whose(p), classId: new Types.ObjectId(classId) })
      .lean<LeanSelection>()
      .exec();
    return d ? toSelection(d) : null;
  }

  /** One of the camper's selections, if any (a camper holding one is not removed). */
  async anyOfCamper(studentEmail: string, camperId: string): Promise<Selection | null> {
    const d = await this.model.findOne({ studentEmail, camperId }).lean<LeanSelection>().exec();
    return d ? toSelection(d) : null;
  }

  /**
   * The participant's selection of the class, marked held by `offerId` until `until`: made for them, or their own
   * one if they had selected the class before it filled (idempotent).
   */
  async hold(s: Omit<Selection, '_id' | 'heldUntil'>, offerId: string, until: Date): Promise<void> {
    await this.model
      .updateOne(
        { ...whose({ email: s.studentEmail, camperId: s.camperId }), classId: new Types.ObjectId(s.classId) },
        {
          $set: { heldUntil: until, heldBy: offerId },
          $setOnInsert: {
            className: s.className,
            instructorName: s.instructorName,
            seats: s.seats,
            price: s.price,
            createdAt: new Date(),
            ...(s.camperName ? { camperName: s.camperName } : {}),
          },
        },
        { upsert: true },
      )
      .exec()
      .catch((err: unknown) => {
        // Two upserts racing on the unique key: the loser's insert fails once; the update then finds the row.
        if (!isDuplicateKey(err)) throw err;
        return this.hold(s, offerId, until);
      });
  }

  /** The offer ended unpaid: the selection made or marked for it goes. */
  async deleteHeldBy(offerId: string): Promise<void> {
    await this.model.deleteOne({ heldBy: offerId }).exec();
  }

  async deleteOwned(id: string, studentEmail: string): Promise<number> {
    const res = await this.model.deleteOne({ _id: id, studentEmail }).exec();
    return res.deletedCount;
  }
}
