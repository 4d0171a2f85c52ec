import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { PageWindow } from '../common/paging';
import { findPage } from '../database/find-page';
import { LeasedRows, unheld } from '../database/leased-rows';
import type { Installment, InstallmentState } from './installment.model';
import { InstallmentRecord } from './installment.schema';

type Lean = InstallmentRecord & { _id: Types.ObjectId };

const toInstallment = (d: Lean): Installment => ({
  _id: d._id.toString(),
  enrolment: d.enrolment,
  n: d.n,
  of: d.of,
  email: d.email,
  classId: d.classId,
  className: d.className,
  ...(d.camperId ? { camperId: d.camperId } : {}),
  ...(d.camperName ? { camperName: d.camperName } : {}),
  cents: d.cents,
  dueAt: d.dueAt,
  state: d.state,
  attempts: d.attempts ?? 0,
  nextAttemptAt: d.nextAttemptAt,
  ...(d.failedAt ? { failedAt: d.failedAt } : {}),
  ...(d.lastError ? { lastError: d.lastError } : {}),
  ...(d.needsCustomer ? { needsCustomer: true } : {}),
  ...(d.customerId ? { customerId: d.customerId } : {}),
  ...(d.paymentMethodId ? { paymentMethodId: d.paymentMethodId } : {}),
  ...(d.intentId ? { intentId: d.intentId } : {}),
  ...(d.paidAt ? { paidAt: d.paidAt } : {}),
  ...(d.paidBy ? { paidBy: d.paidBy as Installment['paidBy'] } : {}),
  ...(d.refundTo ? { refundTo: d.refundTo as Installment['refundTo'] } : {}),
  refundAttempts: d.refundAttempts ?? 0,
  ...(d.owner ? { owner: d.owner } : {}),
  ...(d.leaseUntil ? { leaseUntil: d.leaseUntil } : {}),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export type NewInstallment = Pick<
  Installment,
  | 'enrolment'
  | 'n'
  | 'of'
  | 'email'
  | 'classId'
  | 'className'
  | 'camperId'
  | 'camperName'
  | 'cents'
  | 'dueAt'
  | 'customerId'
  | 'paymentMethodId'
>;

/** What a holder writes when it lets an installment go. */
export type InstallmentRelease = Partial<
  Pick<
    Installment,
    | 'state'
    | 'attempts'
    | 'nextAttemptAt'
    | 'failedAt'
    | 'lastError'
    | 'needsCustomer'
    | 'intentId'
    | 'paidAt'
    | 'paidBy'
    | 'refundTo'
    | 'refundAttempts'
  >
>;

/** What the installment job claims: due charges and refunds to retry (on the camp's clock), and lapsed claims. */
const dueFilter = (now: Date): Record<string, unknown> => ({
  $or: [
    { leaseUntil: { $lte: new Date() } },
    { owner: null, state: { $in: ['scheduled', 'refund_due'] }, nextAttemptAt: { $lte: now } },
  ],
});

/** Installments still to be paid. */
const OPEN: InstallmentState[] = ['scheduled'];

@Injectable()
export class InstallmentsRepository {
  private readonly leases: LeasedRows<InstallmentRecord>;

  constructor(@InjectModel(InstallmentRecord.name) private readonly model: Model<InstallmentRecord>) {
    this.leases = new LeasedRows(model, '_id');
  }

  /** The plan's rows, once: a settlement that runs again finds them written. */
  async createOnce(rows: NewInstallment[]): Promise<void> {
    const now = new Date();
    for (const r of rows)
      await this.model
        .updateOne(
          { enrolment: r.enrolment, n: r.n },
          {
            $setOnInsert: {
              ...r,
              state: 'scheduled',
              attempts: 0,
              refundAttempts: 0,
              nextAttemptAt: r.dueAt,
              createdAt: now,
              updatedAt: now,
            },
          },
          { upsert: true },
        )
        .exec()
        .catch((err: { code?: number }) => {
          // Two settlements racing on the unique key: the other one wrote it.
          if (err.code !== 11000) throw err;
        });
  }

  async find(id: string): Promise<Installment | null> {
    const d = await this.model.findById(id).lean<Lean>().exec();
    return d ? toInstallment(d) : null;
  }

  async ofEnrolment(enrolment: string): Promise<Installment[]> {
    const docs = await this.model.find({ enrolment }).sort({ n: 1 }).lean<Lean[]>().exec();
    return docs.map(toInstallment);
  }

  async ofEnrolments(enrolments: string[]): Promise<Map<string, Installment[]>> {
    const map = new Map<string, Installment[]>();
    if (!enrolments.length) return map;
    const docs = await this.model
      .find({ enrolment: { $in: enrolments } })
      .sort({ n: 1 })
      .lean<Lean[]>()
      .exec();
    for (const d of docs) map.set(d.enrolment, [...(map.get(d.enrolment) ?? []), toInstallment(d)]);
    return map;
  }

  /** The family's installments still to be paid, soonest first (the statement). */
  async openOf(email: string): Promise<Installment[]> {
    const docs = await this.model
      .find({ email, state: { $in: OPEN } })
      .sort({ dueAt: 1, _id: 1 })
      .limit(200)
      .lean<Lean[]>()
      .exec();
    return docs.map(toInstallment);
  }

  async claim(id: string, owner: string, leaseMs: number): Promise<Installment | null> {
    const d = await this.leases.claim<Lean>({ _id: id, ...unheld() }, owner, leaseMs);
    return d ? toInstallment(d) : null;
  }

  async claimNextDue(now: Date, owner: string, leaseMs: number): Promise<Installment | null> {
    const d = await this.leases.claim<Lean>(dueFilter(now), owner, leaseMs, { nextAttemptAt: 1, _id: 1 });
    return d ? toInstallment(d) : null;
  }

  renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    return this.leases.renew(id, owner, leaseMs);
  }

  /** The holder's decision, written with its lease renewed; false when it no longer holds the row. */
  decide(id: string, owner: string, leaseMs: number, set: InstallmentRelease): Promise<boolean> {
    return this.leases.renew(id, owner, leaseMs, { ...set, updatedAt: new Date() });
  }

  async release(id: string, owner: string, r: InstallmentRelease = {}): Promise<Installment | null> {
    const d = await this.leases.release<Lean>(id, owner, { ...r, updatedAt: new Date() });
    return d ? toInstallment(d) : null;
  }

  async pushBack(id: string, owner: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.leases.pushBack(id, owner, error, nextAttemptAt, { updatedAt: new Date() });
  }

  /** A page of the admins' list: scheduled within [from, to), or failed (retrying, or released), soonest first. */
  async page(
    filter: { dueBetween?: [Date, Date]; failed?: boolean },
    window: PageWindow,
  ): Promise<{ items: Installment[]; total: number }> {
    const query: Record<string, unknown> = filter.failed
      ? { $or: [{ state: 'scheduled', attempts: { $gt: 0 } }, { state: 'released' }] }
      : { state: 'scheduled', dueAt: { $gte: filter.dueBetween![0], $lt: filter.dueBetween![1] } };
    const { docs, total } = await findPage<InstallmentRecord, Lean>(
      this.model,
      query,
      filter.failed ? { nextAttemptAt: 1, _id: 1 } : { dueAt: 1, _id: 1 },
      window,
    );
    return { items: docs.map(toInstallment), total };
  }

  /** Cents still scheduled to be charged in [from, to) (the admins' month). */
  async scheduledBetween(from: Date, to: Date): Promise<number> {
    const docs = await this.model
      .find({ state: 'scheduled', dueAt: { $gte: from, $lt: to } }, { cents: 1 })
      .lean<{ cents: number }[]>()
      .exec();
    return docs.reduce((sum, d) => sum + d.cents, 0);
  }

  /** Every installment, as stored (the ledger check). */
  async all(): Promise<Installment[]> {
    const docs = await this.model.find({}).lean<Lean[]>().exec();
    return docs.map(toInstallment);
  }
}
