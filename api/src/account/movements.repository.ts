import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { isDuplicateKey } from '../database/duplicate-key';
import { findPage } from '../database/find-page';
import { CREDIT_KINDS, type Movement, type MovementKind } from './movement.model';
import { MovementRecord } from './movement.schema';

type Lean = MovementRecord & { _id: Types.ObjectId };

const toMovement = (d: Lean): Movement => ({
  _id: d._id.toString(),
  email: d.email,
  seq: d.seq,
  key: d.key,
  kind: d.kind,
  cents: d.cents,
  label: d.label,
  classId: d.classId,
  className: d.className,
  ...(d.camperId ? { camperId: d.camperId } : {}),
  ...(d.camperName ? { camperName: d.camperName } : {}),
  enrolment: d.enrolment,
  ...(d.intentId ? { intentId: d.intentId } : {}),
  at: d.at,
});

/** A movement already written under its key (the answer of a repeated write). */
export class ExistingMovement {
  constructor(readonly movement: Movement) {}
}

@Injectable()
export class MovementsRepository {
  constructor(@InjectModel(MovementRecord.name) private readonly model: Model<MovementRecord>) {}

  async byKey(key: string): Promise<Movement | null> {
    const d = await this.model.findOne({ key }).lean<Lean>().exec();
    return d ? toMovement(d) : null;
  }

  async lastSeq(email: string): Promise<number> {
    const d = await this.model.findOne({ email }, { seq: 1 }).sort({ seq: -1 }).lean<{ seq: number }>().exec();
    return d?.seq ?? 0;
  }

  async creditBalance(email: string): Promise<number> {
    const docs = await this.model
      .find({ email, kind: { $in: CREDIT_KINDS } }, { cents: 1 })
      .lean<{ cents: number }[]>()
      .exec();
    return docs.reduce((sum, d) => sum + d.cents, 0);
  }

  /**
   * Inserts at `seq`: the movement, or null when another writer took that number first (read again and retry);
   * an ExistingMovement when its key was written already.
   */
  async insertAt(m: Omit<Movement, '_id'>): Promise<Movement | ExistingMovement | null> {
    try {
      const doc = await this.model.create(m);
      return toMovement(doc.toObject() as Lean);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const existing = await this.byKey(m.key);
      return existing ? new ExistingMovement(existing) : null;
    }
  }

  async ofEnrolment(enrolment: string): Promise<Movement[]> {
    const docs = await this.model.find({ enrolment }).sort({ seq: 1 }).lean<Lean[]>().exec();
    return docs.map(toMovement);
  }

  /** A payment's movements, and those of the enrolment it opened (its price and discounts). */
  async forReceipt(intentId: string): Promise<Movement[]> {
    const docs = await this.model
      .find({ $or: [{ intentId }, { enrolment: intentId }] })
      .sort({ seq: 1 })
      .lean<Lean[]>()
      .exec();
    return docs.map(toMovement);
  }

  /** The family's movements, newest first, a page at a time. */
  async page(email: string, window: PageWindow): Promise<{ items: Movement[]; total: number }> {
    const { docs, total } = await findPage<MovementRecord, Lean>(this.model, { email }, { seq: -1 }, window);
    return { items: docs.map(toMovement), total };
  }

  /** Cents of each kind moved between `from` and `to` (the admins' month). */
  async totalsBetween(from: Date, to: Date, kinds: MovementKind[]): Promise<Record<string, number>> {
    const docs = await this.model
      .find({ kind: { $in: kinds }, at: { $gte: from, $lt: to } }, { kind: 1, cents: 1 })
      .lean<{ kind: MovementKind; cents: number }[]>()
      .exec();
    const totals: Record<string, number> = {};
    for (const d of docs) totals[d.kind] = (totals[d.kind] ?? 0) + d.cents;
    return totals;
  }
}
