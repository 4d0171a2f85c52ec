import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { anyOfIds, findPage } from '../database/find-page';
import { participantFields, type Participant } from '../campers/camper.model';
import type { Payment } from './payment.model';
import { PaymentRecord } from './payment.schema';

type LeanPayment = Omit<Payment, '_id' | 'classId' | 'selectionId' | 'camperId' | 'camperName'> & {
  _id: Types.ObjectId;
  classId: Types.ObjectId;
  selectionId: Types.ObjectId;
  camperId?: string | null;
  camperName?: string | null;
};

const toPayment = (d: LeanPayment): Payment => ({
  _id: d._id.toString(),
  email: d.email,
  className: d.className,
  transactionId: d.transactionId,
  price: d.price,
  classId: d.classId.toString(),
  selectionId: d.selectionId.toString(),
  date: d.date,
  status: d.status,
  ...(d.refundedAmount ? { refundedAmount: d.refundedAmount } : {}),
  ...participantFields({ camperId: d.camperId ?? undefined, camperName: d.camperName ?? undefined }),
  ...(d.lines?.length ? { lines: d.lines.map((l) => ({ kind: l.kind, label: l.label, cents: l.cents })) } : {}),
});

/** The student already has a recorded payment for this class, through another transaction. */
export class AlreadyEnrolledError extends Error {
  constructor(readonly existing: Payment | null) {
    super('Already enrolled in this class');
  }
}

// _id breaks ties of equal dates, so pages neither overlap nor skip (index in payment.schema.ts).
const NEWEST_FIRST = { date: -1, _id: -1 } as const;

@Injectable()
export class PaymentsRepository {
  constructor(@InjectModel(PaymentRecord.name) private readonly model: Model<PaymentRecord>) {}

  /**
   * Records the transaction once: a second insert of the same transaction returns the first record, and a
   * second transaction for the same student and class throws AlreadyEnrolledError (the unique indexes decide).
   */
  async insertOnce(p: Omit<Payment, '_id'>): Promise<Payment> {
    try {
      const doc = await this.model.create({
        ...p,
        classId: new Types.ObjectId(p.classId),
        selectionId: new Types.ObjectId(p.selectionId),
      });
      return toPayment(doc.toObject() as unknown as LeanPayment);
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      const same = await this.findByTransaction(p.transactionId);
      if (same) return same;
      throw new AlreadyEnrolledError(await this.findFor({ email: p.email, camperId: p.camperId }, p.classId));
    }
  }

  async findByTransaction(transactionId: string): Promise<Payment | null> {
    const d = await this.model.findOne({ transactionId }).lean<LeanPayment>().exec();
    return d ? toPayment(d) : null;
  }

  /** Only the owner's payment: another student's id behaves as unknown. */
  async findOwned(id: string, email: string): Promise<Payment | null> {
    const d = await this.model.findOne({ _id: id, email }).lean<LeanPayment>().exec();
    return d ? toPayment(d) : null;
  }

  /** The participant's payment for the class: a missing camperId is the account holder's (null matches absent). */
  async findFor(p: Participant, classId: string): Promise<Payment | null> {
    const d = await this.model
      .findOne({ email: p.email, camperId: p.camperId ?? null, classId: new Types.ObjectId(classId) })
      .lean<LeanPayment>()
      .exec();
    return d ? toPayment(d) : null;
  }

  /** One of the camper's recorded payments, if any (a camper enrolled somewhere is not removed). */
  async anyOfCamper(email: string, camperId: string): Promise<Payment | null> {
    const d = await this.model.findOne({ email, camperId }).lean<LeanPayment>().exec();
    return d ? toPayment(d) : null;
  }

  /** Every recorded payment of a class, for its roster. */
  async forClass(classId: string): Promise<Payment[]> {
    const docs = await this.model
      .find({ classId: new Types.ObjectId(classId) })
      .sort({ date: 1, _id: 1 })
      .lean<LeanPayment[]>()
      .exec();
    return docs.map(toPayment);
  }

  /** Which of these transactions have a payment (the reconciliation's audit of recorded rows). */
  async withPayments(transactionIds: string[]): Promise<Set<string>> {
    const docs = await this.model
      .find({ transactionId: { $in: transactionIds } }, { transactionId: 1 })
      .lean<{ transactionId: string }[]>()
      .exec();
    return new Set(docs.map((d) => d.transactionId));
  }

  /** Removes a refunded or disputed enrolment (the ledger keeps its history); harmless when already gone. */
  async deleteByTransaction(transactionId: string): Promise<void> {
    await this.model.deleteOne({ transactionId }).exec();
  }

  /** A partial refund: written on the payment, which stays. */
  async setRefundedAmount(transactionId: string, refundedAmount: number): Promise<void> {
    await this.model.updateOne({ transactionId }, { $set: { refundedAmount } }).exec();
  }

  /** Payments partly refunded, newest first (for admins). */
  async partlyRefunded(limit: number): Promise<Payment[]> {
    const docs = await this.model
      .find({ refundedAmount: { $gt: 0 } })
      .sort(NEWEST_FIRST)
      .limit(limit)
      .lean<LeanPayment[]>()
      .exec();
    return docs.map(toPayment);
  }

  /** The student's payments, newest first. */
  async listForStudent(email: string): Promise<Payment[]> {
    const docs = await this.model.find({ email }).sort(NEWEST_FIRST).lean<LeanPayment[]>().exec();
    return docs.map(toPayment);
  }

  /** One page of the student's payments (for `classIds` only, when given), newest first, and how many there are. */
  async pageForStudent(
    email: string,
    window: PageWindow,
    classIds?: string[],
  ): Promise<{ items: Payment[]; total: number }> {
    const filter = { email, ...(classIds ? { classId: anyOfIds(classIds) } : {}) };
    const { docs, total } = await findPage<PaymentRecord, LeanPayment>(this.model, filter, NEWEST_FIRST, window);
    return { items: docs.map(toPayment), total };
  }
}
