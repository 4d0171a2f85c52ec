import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { containsText, type PageWindow } from '../common/paging';
import type { UpdateResult } from '../common/write-results';
import { pictureOf, type PictureRef, type StoredPicture } from '../pictures/picture.model';
import { CLASS_STATUSES, type CampClass, type ClassStatus } from './class.model';
import { ClassRecord } from './class.schema';

// `capacity` is missing on classes stored before it existed, until the boot backfill has run.
type LeanClass = Omit<CampClass, '_id' | 'capacity' | 'held' | 'picture'> &
  StoredPicture & {
    _id: { toString(): string };
    capacity?: number;
    holds?: string[];
  };

const toClass = (d: LeanClass): CampClass => ({
  _id: d._id.toString(),
  className: d.className,
  classImage: d.classImage,
  picture: pictureOf(d),
  instructorName: d.instructorName,
  instructorEmail: d.instructorEmail,
  capacity: d.capacity ?? d.seats + (d.enrolled ?? 0),
  seats: d.seats,
  held: d.holds?.length ?? 0,
  price: d.price,
  status: d.status,
  date: d.date,
  enrolled: d.enrolled ?? 0,
  feedback: d.feedback ?? '',
  ...(d.startDate ? { startDate: d.startDate } : {}),
  ...(d.sessions ? { sessions: d.sessions } : {}),
  ...(typeof d.minAge === 'number' ? { minAge: d.minAge } : {}),
  ...(typeof d.maxAge === 'number' ? { maxAge: d.maxAge } : {}),
});

export type NewClass = Pick<
  CampClass,
  'className' | 'classImage' | 'instructorName' | 'instructorEmail' | 'seats' | 'price'
> &
  Partial<
    Pick<CampClass, 'status' | 'enrolled' | 'feedback' | 'date' | 'startDate' | 'sessions' | 'minAge' | 'maxAge'>
  > &
  ClassPicture;

/** How a class's picture is stored: held (ready, with its id) or waiting for the import named by `pictureToken`. */
export type ClassPicture = StoredPicture & { pictureToken?: string };

/** A new class's stored seats: its capacity is what is free now plus who is already enrolled. */
const withCapacity = (c: NewClass) => ({ ...c, capacity: c.seats + (c.enrolled ?? 0) });

/** Filters of the class lists; `text` matches the name or the instructor (literally, any case). */
export interface ClassQuery {
  status?: ClassStatus;
  instructorEmail?: string;
  text?: string;
  /** Also match `text` in the instructor's e-mail (admin search; the public search is by names only). */
  textInEmail?: boolean;
  withSeats?: boolean;
  minPrice?: number;
  maxPrice?: number;
  /** Only classes starting at or after this instant. */
  startsFrom?: Date;
  /** Only classes whose age range admits this age (classes without a range admit everyone). */
  age?: number;
}

// Reads leave the seat holders (one id per enrolled student) in the database: only seat changes need them.
const READ = { seatHolders: 0 } as const;
// The public lists also leave out the admin's feedback, which they never show.
const PUBLIC_READ = { seatHolders: 0, feedback: 0 } as const;

export type ClassOrder = 'popular' | 'price' | '-price' | 'newest' | 'name' | 'start';

// Every order ends on _id, so equal keys keep one order and pages neither overlap nor skip.
const ORDERS: Record<ClassOrder, Record<string, 1 | -1>> = {
  popular: { enrolled: -1, _id: 1 },
  price: { price: 1, _id: 1 },
  '-price': { price: -1, _id: 1 },
  newest: { date: -1, _id: -1 },
  name: { className: 1, _id: 1 },
  start: { startDate: 1, _id: 1 },
};

function toFilter(q: ClassQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (q.status) filter.status = q.status;
  if (q.instructorEmail) filter.instructorEmail = q.instructorEmail;
  if (q.withSeats) filter.seats = { $gt: 0 };
  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    filter.price = {
      ...(q.minPrice !== undefined ? { $gte: q.minPrice } : {}),
      ...(q.maxPrice !== undefined ? { $lte: q.maxPrice } : {}),
    };
  }
  if (q.startsFrom) filter.startDate = { $gte: q.startsFrom };
  const text = containsText(q.text, ['className', 'instructorName', ...(q.textInEmail ? ['instructorEmail'] : [])]);
  // Each condition is an `$or`, so they go under `$and` rather than overwrite each other.
  const ors = [
    ...(text ? [text] : []),
    ...(q.age !== undefined
      ? [
          { $or: [{ minAge: null }, { minAge: { $lte: q.age } }] },
          { $or: [{ maxAge: null }, { maxAge: { $gte: q.age } }] },
        ]
      : []),
  ];
  if (ors.length === 1) return { ...filter, ...ors[0] };
  return ors.length ? { ...filter, $and: ors } : filter;
}

export type ClassChanges = Partial<
  Pick<CampClass, 'className' | 'classImage' | 'price' | 'startDate' | 'sessions' | 'minAge' | 'maxAge'>
> &
  ClassPicture & {
    /** Fields the edit removes (a date, sessions or an age bound taken off, the picture fields replaced). */
    unset?: ('startDate' | 'sessions' | 'minAge' | 'maxAge' | 'pictureId' | 'pictureError' | 'pictureToken')[];
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

  /** Every approved class, newest first, without the fields the public lists never show. */
  async listApproved(): Promise<CampClass[]> {
    const docs = await this.model
      .find({ status: 'approved' }, PUBLIC_READ)
      .sort({ date: -1, _id: -1 })
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

  /**
   * Takes one seat for `holder` (a payment intent) if any is left. The `seats > 0` filter makes it atomic; the
   * holder list makes it idempotent, so a retried settlement never takes a second seat. 'taken' also when the
   * holder already had it.
   */
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

  async takeSeat(id: string, holder: string): Promise<'taken' | 'full' | 'not-offered'> {
    const res = await this.model
      .updateOne(
        { _id: id, status: 'approved', seats: { $gt: 0 }, seatHolders: { $ne: holder } },
        { $inc: { seats: -1, enrolled: 1 }, $push: { seatHolders: holder } },
      )
      .exec();
    if (res.modifiedCount === 1) return 'taken';
    const d = await this.model
      .findById(id, { status: 1, seatHolders: 1 })
      .lean<{ status: ClassStatus; seatHolders?: string[] }>()
      .exec();
    if (d?.seatHolders?.includes(holder)) return 'taken';
    return d?.status === 'approved' ? 'full' : 'not-offered';
  }

  /**
   * Gives back the seat `holder` took, if it holds one (idempotent: a second call changes nothing): to `seats`, or,
   * with `hold`, into the waitlist's holds under that key, in the same update, so nobody else can take it between.
   */
  async releaseSeat(id: string, holder: string, hold?: string): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: id, seatHolders: holder },
        hold
          ? { $inc: { enrolled: -1 }, $pull: { seatHolders: holder }, $push: { holds: hold } }
          : { $inc: { seats: 1, enrolled: -1 }, $pull: { seatHolders: holder } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** Turns a free seat into a waitlist hold under `key`; false when no seat is free (or the key exists). */
  async holdFreeSeat(id: string, key: string): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, seats: { $gt: 0 }, holds: { $ne: key } }, { $inc: { seats: -1 }, $push: { holds: key } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** A hold nobody is waiting for goes back to `seats` (idempotent). */
  async returnHold(id: string, key: string): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, holds: key }, { $inc: { seats: 1 }, $pull: { holds: key } })
      .exec();
    return res.modifiedCount === 1;
  }

  /**
   * The held seat becomes `holder`'s (a payment intent): hold out, seat holder in, one update. 'taken' also when
   * the holder already had it; 'gone' when the hold is not there.
   */
  async takeHeldSeat(id: string, key: string, holder: string): Promise<'taken' | 'gone'> {
    const res = await this.model
      .updateOne(
        { _id: id, holds: key, seatHolders: { $ne: holder } },
        { $inc: { enrolled: 1 }, $pull: { holds: key }, $push: { seatHolders: holder } },
      )
      .exec();
    if (res.modifiedCount === 1) return 'taken';
    return (await this.holdsSeat(id, holder)) ? 'taken' : 'gone';
  }

  async hasHold(id: string, key: string): Promise<boolean> {
    return (await this.model.countDocuments({ _id: id, holds: key }).exec()) > 0;
  }

  /** Classes with waitlist holds, and their keys (the sweeper checks each has its offer). */
  async withHolds(): Promise<{ _id: string; holds: string[] }[]> {
    const docs = await this.model
      .find({ 'holds.0': { $exists: true } }, { holds: 1 })
      .lean<{ _id: { toString(): string }; holds: string[] }[]>()
      .exec();
    return docs.map((d) => ({ _id: d._id.toString(), holds: d.holds }));
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

  /** Which of `holders` hold a seat in one of the classes `ids` (read by `_id`, so no scan of the seat lists). */
  async seatHoldersAmong(ids: string[], holders: string[]): Promise<Set<string>> {
    const wanted = new Set(holders);
    const valid = ids.filter((id) => Types.ObjectId.isValid(id));
    const docs = await this.model
      .find({ _id: { $in: valid } }, { seatHolders: 1 })
      .lean<{ seatHolders?: string[] }[]>()
      .exec();
    return new Set(docs.flatMap((d) => (d.seatHolders ?? []).filter((h) => wanted.has(h))));
  }

  async holdsSeat(id: string, holder: string): Promise<boolean> {
    return (await this.model.countDocuments({ _id: id, seatHolders: holder }).exec()) > 0;
  }
}
