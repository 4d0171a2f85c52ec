import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { AlreadyExistsError } from '../common/domain-errors';
import type { PageWindow } from '../common/paging';
import { isDuplicateKey } from '../database/duplicate-key';
import { findPage } from '../database/find-page';
import type { CodeHolder, PromoCode } from './discount.model';
import { PromoCodeRecord } from './promo-code.schema';

type Lean = PromoCodeRecord & { _id: Types.ObjectId };

const toCode = (d: Lean): PromoCode => ({
  _id: d._id.toString(),
  code: d.code,
  kind: d.kind,
  value: d.value,
  validUntil: d.validUntil,
  maxUses: d.maxUses,
  used: d.maxUses - (d.left ?? d.maxUses),
  ...(d.classId ? { classId: d.classId, ...(d.className ? { className: d.className } : {}) } : {}),
  disabled: d.disabled ?? false,
  createdAt: d.createdAt,
});

/** A stored code and its holders (what taking and giving back uses reads). */
export type HeldCode = PromoCode & { holders: CodeHolder[] };

/**
 * The promo codes and their uses. Every change of a code's uses is one conditional update of its row (no
 * transactions): taking a use has `left > 0` and "this checkout holds none" in its filter, so concurrent
 * checkouts can never take more uses than there are, and a checkout that asks twice holds one.
 */
@Injectable()
export class PromoCodesRepository {
  constructor(@InjectModel(PromoCodeRecord.name) private readonly model: Model<PromoCodeRecord>) {}

  async insert(c: Omit<PromoCode, '_id' | 'used' | 'disabled'> & { createdBy: string }): Promise<PromoCode> {
    try {
      const doc = await this.model.create({ ...c, left: c.maxUses, holders: [], disabled: false });
      return toCode(doc.toObject() as Lean);
    } catch (err) {
      if (isDuplicateKey(err)) throw new AlreadyExistsError(`A code named ${c.code.toUpperCase()}`);
      throw err;
    }
  }

  async page(window: PageWindow): Promise<{ items: PromoCode[]; total: number }> {
    const { docs, total } = await findPage<PromoCodeRecord, Lean>(this.model, {}, { createdAt: -1, _id: -1 }, window);
    return { items: docs.map(toCode), total };
  }

  async disable(id: string): Promise<PromoCode | null> {
    const d = await this.model
      .findOneAndUpdate({ _id: id }, { $set: { disabled: true } }, { returnDocument: 'after' })
      .lean<Lean>()
      .exec();
    return d ? toCode(d) : null;
  }

  async findByCode(code: string): Promise<HeldCode | null> {
    const d = await this.model.findOne({ code: code.trim().toUpperCase() }).lean<Lean>().exec();
    return d ? { ...toCode(d), holders: (d.holders ?? []).map((h) => ({ ...h })) } : null;
  }

  /** Takes a use for checkout `holder.key` if one is left; false when none is (or this checkout already holds one). */
  async take(code: string, holder: CodeHolder): Promise<boolean> {
    const res = await this.model
      .updateOne(
        {
          code,
          disabled: { $ne: true },
          left: { $gt: 0 },
          'holders.key': { $ne: holder.key },
        },
        { $inc: { left: -1 }, $push: { holders: holder } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  // The held use is named by an array filter, not the positional `$`: the embedded database does not pair `$` with
  // an `$elemMatch` of the filter.

  /** A held (unpaid) use stays the checkout's until `until`. */
  async extend(code: string, key: string, until: Date): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { code, holders: { $elemMatch: { key, paid: false } } },
        { $set: { 'holders.$[held].until': until } },
        { arrayFilters: [{ 'held.key': key, 'held.paid': false }] },
      )
      .exec();
    return res.matchedCount === 1;
  }

  /** The checkout's held use is paid by `intentId`; false when it holds none unpaid. */
  async markPaid(code: string, key: string, intentId: string): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { code, holders: { $elemMatch: { key, paid: false } } },
        { $set: { 'holders.$[held].paid': true, 'holders.$[held].intentId': intentId } },
        { arrayFilters: [{ 'held.key': key, 'held.paid': false }] },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** Gives back a use not paid yet (the family took the code off, or its hold ran out); false when there is none. */
  async dropUnpaid(code: string, key: string, lapsedBefore?: Date): Promise<boolean> {
    const res = await this.model
      .updateOne(
        {
          code,
          holders: { $elemMatch: { key, paid: false, ...(lapsedBefore ? { until: { $lt: lapsedBefore } } : {}) } },
        },
        { $pull: { holders: { key } }, $inc: { left: 1 } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** Gives back the use `intentId` paid (its enrolment was undone); harmless when already given back. */
  async dropPaid(code: string, key: string, intentId: string): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { code, holders: { $elemMatch: { key, intentId } } },
        { $pull: { holders: { key, intentId } }, $inc: { left: 1 } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** The codes the checkout holds an unpaid use of. */
  async heldUnpaidBy(key: string): Promise<string[]> {
    const docs = await this.model
      .find({ holders: { $elemMatch: { key, paid: false } } }, { code: 1 })
      .lean<{ code: string }[]>()
      .exec();
    return docs.map((d) => d.code);
  }

  /** Every code's stored count and holders (the ledger check). */
  async allWithHolders(): Promise<HeldCode[]> {
    const docs = await this.model.find({}).lean<Lean[]>().exec();
    return docs.map((d) => ({ ...toCode(d), holders: (d.holders ?? []).map((h) => ({ ...h })) }));
  }
}
