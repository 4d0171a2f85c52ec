import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { PageWindow } from '../common/paging';
import type { UpdateResult } from '../common/write-results';
import type { PictureRef, StoredPicture } from '../pictures/picture.model';
import { ORDERS, toFilter, type ClassOrder, type ClassQuery } from './class-query';
import { PUBLIC_READ, READ, toClass, type LeanClass } from './class-record';
import { CLASS_STATUSES, type CampClass, type ClassStatus } from './class.model';
import { ClassRecord } from './class.schema';

export type NewClass = Pick<
  CampClass,
  'className' | 'classImage' | 'instructorName' | 'instructorEmail' | 'seats' | 'price'
> &
  Partial<
    Pick<
      CampClass,
      | 'status'
      | 'enrolled'
      | 'feedback'
      | 'date'
      | 'startDate'
      | 'sessions'
      | 'minAge'
      | 'maxAge'
      | 'deposit'
      | 'installments'
    >
  > &
  ClassPicture;

/** How a class's picture is stored: held (ready, with its id) or waiting for the import named by `pictureToken`. */
export type ClassPicture = StoredPicture & { pictureToken?: string };

/** A new class's stored seats: its capacity is what is free now plus who is already enrolled. */
const withCapacity = (c: NewClass) => ({ ...c, capacity: c.seats + (c.enrolled ?? 0) });

export type ClassChanges = Partial<
  Pick<
    CampClass,
    'className' | 'classImage' | 'price' | 'startDate' | 'sessions' | 'minAge' | 'maxAge' | 'deposit' | 'installments'
  >
> &
  ClassPicture & {
    /** Fields the edit removes (a date, sessions, an age bound or the payment plan taken off, the picture fields
     * replaced). */
    unset?: (
      | 'startDate'
      | 'sessions'
      | 'minAge'
      | 'maxAge'
      | 'deposit'
      | 'installments'
      | 'pictureId'
      | 'pictureError'
      | 'pictureToken'
    )[];
  };

/** A class after a counted change (a decision, a feedback note) and that change's number. */
export interface Counted {
  cls: CampClass;
  count: number;
}
const AFTER = { returnDocument: 'after', projection: READ } as const;

/** A capacity edit: from the capacity the caller read to the one it wants. */
export interface CapacityChange {
  from: number;
  to: number;
}

/** The classes themselves: adding, editing, reviewing and listing them (their seats: seats.repository.ts). */
@Injectable()
export class ClassesRepository {
  constructor(@InjectModel(ClassRecord.name) private readonly model: Model<ClassRecord>) {}

  async findById(id: string): Promise<CampClass | null> {
    const d = await this.model.findById(id, READ).lean<LeanClass>().exec();
    return d ? toClass(d) : null;
  }

  async schedulesOf(ids: string[]): Promise<Map<string, Pick<CampClass, 'startDate' | 'sessions'>>> {
    if (!ids.length) return new Map();
    const docs = await this.model
      .find({ _id: { $in: ids }, startDate: { $ne: null } }, { startDate: 1, sessions: 1 })
      .lean<{ _id: { toString(): string }; startDate: Date; sessions?: number }[]>()
      .exec();
    return new Map(
      docs.map((d) => [d._id.toString(), { startDate: d.startDate, ...(d.sessions ? { sessions: d.sessions } : {}) }]),
    );
  }

  async insert(c: NewClass): Promise<CampClass> {
    const doc = await this.model.create({
      status: 'pending',
      enrolled: 0,
      feedback: '',
      date: new Date(),
      ...withCapacity(c),
    });
    return toClass(doc.toObject() as LeanClass);
  }

  async insertMany(classes: NewClass[]): Promise<number> {
    const docs = await this.model.insertMany(classes.map(withCapacity));
    return docs.length;
  }

  async list(filter: { status?: ClassStatus; instructorEmail?: string } = {}): Promise<CampClass[]> {
    const docs = await this.model.find(filter, READ).sort({ date: -1, _id: -1 }).lean<LeanClass[]>().exec();
    return docs.map(toClass);
  }

  /** The newest `limit` approved classes, without the fields the public lists never show. */
  async listApproved(limit: number): Promise<CampClass[]> {
    const docs = await this.model
      .find({ status: 'approved' }, PUBLIC_READ)
      .sort({ date: -1, _id: -1 })
      .limit(limit)
      .lean<LeanClass[]>()
      .exec();
    return docs.map(toClass);
  }

  /**
   * One page of the classes matching `query`, in `order`, and how many match in all. 'start' puts the classes
   * without a date after the dated ones (MongoDB would sort a missing date first).
   */
  async page(query: ClassQuery, order: ClassOrder, window: PageWindow): Promise<{ items: CampClass[]; total: number }> {
    const filter = toFilter(query);
    if (order === 'start') {
      const dated = { ...filter, startDate: { ...(filter.startDate as object | undefined), $ne: null } };
      const undated = query.startsFrom ? null : { ...filter, startDate: null };
      return this.pageInTwoParts(
        { filter: dated, order: ORDERS.start },
        undated && { filter: undated, order: ORDERS.newest },
        window,
      );
    }
    const [docs, total] = await Promise.all([
      this.model
        .find(filter, READ)
        .sort(ORDERS[order])
        .skip(window.skip)
        .limit(window.limit)
        .lean<LeanClass[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toClass), total };
  }

  /**
   * A page of every class with the pending ones first (newest first within each part): two ordinary queries
   * instead of a computed sort key, so both use the (status, date) index on any MongoDB.
   */
  pagePendingFirst(text: string | undefined, window: PageWindow): Promise<{ items: CampClass[]; total: number }> {
    const pending = toFilter({ status: 'pending', text, textInEmail: true });
    const others: Record<string, unknown> = {
      ...toFilter({ text, textInEmail: true }),
      status: { $in: ['approved', 'denied'] },
    };
    return this.pageInTwoParts(
      { filter: pending, order: ORDERS.newest },
      { filter: others, order: ORDERS.newest },
      window,
    );
  }

  /** A page over the rows of `first` and then those of `second` (disjoint filters), each in its own order. */
  private async pageInTwoParts(
    first: { filter: Record<string, unknown>; order: Record<string, 1 | -1> },
    second: { filter: Record<string, unknown>; order: Record<string, 1 | -1> } | null,
    window: PageWindow,
  ): Promise<{ items: CampClass[]; total: number }> {
    const [firstTotal, secondTotal] = await Promise.all([
      this.model.countDocuments(first.filter).exec(),
      second ? this.model.countDocuments(second.filter).exec() : 0,
    ]);
    const fromFirst =
      window.skip < firstTotal
        ? await this.model
            .find(first.filter, READ)
            .sort(first.order)
            .skip(window.skip)
            .limit(window.limit)
            .lean<LeanClass[]>()
            .exec()
        : [];
    const rest = window.limit - fromFirst.length;
    const fromSecond =
      second && rest > 0
        ? await this.model
            .find(second.filter, READ)
            .sort(second.order)
            .skip(Math.max(0, window.skip - firstTotal))
            .limit(rest)
            .lean<LeanClass[]>()
            .exec()
        : [];
    return { items: [...fromFirst, ...fromSecond].map(toClass), total: firstTotal + secondTotal };
  }

  /** How many classes of each status match the text (the admin's status tabs). */
  async countByStatus(text?: string): Promise<Record<ClassStatus, number>> {
    const counts = await Promise.all(
      CLASS_STATUSES.map((status) => this.model.countDocuments(toFilter({ status, text, textInEmail: true })).exec()),
    );
    return Object.fromEntries(CLASS_STATUSES.map((s, i) => [s, counts[i]])) as Record<ClassStatus, number>;
  }

  async popular(limit: number): Promise<CampClass[]> {
    const docs = await this.model
      .find({ status: 'approved' }, PUBLIC_READ)
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

  /**
   * Moves a class out of `pending` only: the status filter makes the decision final even under races. Returns the
   * decided class and the decision's number (null when it was not pending).
   */
  async decide(id: string, status: Exclude<ClassStatus, 'pending'>): Promise<Counted | null> {
    const d = await this.model
      .findOneAndUpdate({ _id: id, status: 'pending' }, { $set: { status }, $inc: { reviews: 1 } }, AFTER)
      .lean<LeanClass & { reviews: number }>()
      .exec();
    return d ? { cls: toClass(d), count: d.reviews } : null;
  }

  /** Sets the admin's feedback; returns the class and the note's number (null when there is no such class). */
  async setFeedback(id: string, feedback: string): Promise<Counted | null> {
    const d = await this.model
      .findOneAndUpdate({ _id: id }, { $set: { feedback }, $inc: { feedbackNotes: 1 } }, AFTER)
      .lean<LeanClass & { feedbackNotes: number }>()
      .exec();
    return d ? { cls: toClass(d), count: d.feedbackNotes } : null;
  }

  /**
   * The owner's edit; any change sends the class back to review. A capacity change moves the seats left by the
   * same amount with `$inc`, so it commutes with a concurrent takeSeat/releaseSeat; it applies only while the
   * capacity is still `from` and the enrolled students fit, else nothing is written (matchedCount 0).
   */
  async updateOwned(
    id: string,
    instructorEmail: string,
    changes: ClassChanges,
    capacity?: CapacityChange,
  ): Promise<UpdateResult> {
    const { unset, ...set } = changes;
    const res = await this.model
      .updateOne(
        {
          _id: id,
          instructorEmail,
          // The seats left must stay >= 0: the enrolled students and the waitlist's holds both keep theirs.
          ...(capacity
            ? {
                capacity: capacity.from,
                enrolled: { $lte: capacity.to },
                ...(capacity.to < capacity.from ? { seats: { $gte: capacity.from - capacity.to } } : {}),
              }
            : {}),
          // The date goes only from a class nobody enrolled in since the read.
          ...(unset?.includes('startDate') ? { enrolled: 0 } : {}),
        },
        {
          $set: { ...set, ...(capacity ? { capacity: capacity.to } : {}), status: 'pending' },
          ...(unset?.length ? { $unset: Object.fromEntries(unset.map((f) => [f, 1])) } : {}),
          ...(capacity ? { $inc: { seats: capacity.to - capacity.from } } : {}),
        },
      )
      .exec();
    return { matchedCount: res.matchedCount, modifiedCount: res.modifiedCount };
  }

  /** Sets (or, with null, removes) the early-bird price and its last day; the class as stored after. */
  async setEarlyBird(id: string, earlyBird: { price: number; until: string } | null): Promise<CampClass | null> {
    const d = await this.model
      .findOneAndUpdate(
        { _id: id },
        earlyBird
          ? { $set: { earlyBirdPrice: earlyBird.price, earlyBirdUntil: earlyBird.until } }
          : { $unset: { earlyBirdPrice: 1, earlyBirdUntil: 1 } },
        AFTER,
      )
      .lean<LeanClass>()
      .exec();
    return d ? toClass(d) : null;
  }

  async withEarlyBird(): Promise<CampClass[]> {
    const docs = await this.model
      .find({ earlyBirdUntil: { $ne: null } }, READ)
      .sort({ earlyBirdUntil: 1, _id: 1 })
      .limit(200)
      .lean<LeanClass[]>()
      .exec();
    return docs.map(toClass);
  }

  /**
   * The import's outcome, written only while the class still waits for that import (`token`). Not an edit: the
   * class keeps its review status.
   */
  async settlePicture(id: string, token: string, picture: PictureRef, classImage: string): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: id, pictureToken: token },
        {
          $set: {
            pictureStatus: picture.status,
            classImage,
            ...(picture.id ? { pictureId: picture.id } : {}),
            ...(picture.error ? { pictureError: picture.error } : {}),
          },
          $unset: { pictureToken: 1, ...(picture.id ? { pictureError: 1 } : { pictureId: 1 }) },
        },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** Classes whose picture was never imported (stored before pictures were held): id and URL, a batch at a time. */
  async withoutPicture(limit: number): Promise<{ _id: string; classImage: string }[]> {
    const docs = await this.model
      .find({ pictureStatus: null }, { classImage: 1 })
      .limit(limit)
      .lean<{ _id: { toString(): string }; classImage: string }[]>()
      .exec();
    return docs.map((d) => ({ _id: d._id.toString(), classImage: d.classImage }));
  }

  /** Marks a class as waiting for the import `token` (the one-off import of stored URLs); false if it has a status. */
  async awaitPicture(id: string, token: string): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, pictureStatus: null }, { $set: { pictureStatus: 'pending', pictureToken: token } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** Classes stored before capacity was: their capacity is what was free plus who was enrolled. */
  async backfillCapacity(): Promise<number> {
    const missing = await this.model
      .find({ capacity: { $exists: false } }, { seats: 1, enrolled: 1 })
      .lean<{ _id: unknown; seats: number; enrolled?: number }[]>()
      .exec();
    for (const d of missing) {
      await this.model
        // Taking or giving back a seat moves seats and enrolled together, so their sum read here stays right.
        .updateOne({ _id: d._id, capacity: { $exists: false } }, { $set: { capacity: d.seats + (d.enrolled ?? 0) } })
        .exec();
    }
    return missing.length;
  }
}
