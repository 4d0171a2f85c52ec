import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { ClassStatus } from './class.model';
import { ClassRecord } from './class.schema';

/**
 * The seats of the classes: one per payment intent (its seat holder), and the waitlist's holds. Each write is one
 * conditional update, so it is atomic without transactions and idempotent when a settlement or offer is retried.
 */
@Injectable()
export class SeatsRepository {
  constructor(@InjectModel(ClassRecord.name) private readonly model: Model<ClassRecord>) {}

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
