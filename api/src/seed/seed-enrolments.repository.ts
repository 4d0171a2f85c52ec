import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { toCents } from '@sportify/platform/money';

/**
 * The demo classes' enrolled students, written the way a settled payment leaves them (seat holder, payment,
 * `recorded` ledger row), so the demo data keeps the ledger's invariants (`npm run ledger:check`). The students
 * are e-mail addresses only: they have no accounts, so the demo's user lists stay as they were.
 */
@Injectable()
export class SeedEnrolmentsRepository {
  constructor(@InjectConnection() private readonly conn: Connection) {}

  /** Gives every class whose enrolled count has no seat holders behind it the missing ones; returns how many. */
  async enrolMissing(now: Date): Promise<number> {
    const classes = this.conn.collection('classes');
    let added = 0;
    for (const c of await classes.find({ enrolled: { $gt: 0 } }).toArray()) {
      const have = (c.seatHolders as string[] | undefined) ?? [];
      const enrolled = c.enrolled as number;
      if (have.length >= enrolled) continue;
      const id = String(c._id);
      const holders = Array.from({ length: enrolled - have.length }, (_, i) => `pi_seed_${id}_${have.length + i + 1}`);
      const rows = holders.map((intentId, i) => ({
        intentId,
        paymentId: new Types.ObjectId(),
        selectionId: new Types.ObjectId(),
        email: `camper${have.length + i + 1}.${id.slice(-6)}@students.sportify.camp`,
      }));
      await this.conn.collection('payments').insertMany(
        rows.map((r) => ({
          _id: r.paymentId,
          email: r.email,
          className: c.className as string,
          transactionId: r.intentId,
          price: c.price as number,
          classId: c._id,
          selectionId: r.selectionId,
          date: now,
          status: 'service pending',
        })),
      );
      await this.conn.collection('payment_settlements').insertMany(
        rows.map((r) => ({
          intentId: r.intentId,
          email: r.email,
          classId: id,
          selectionId: String(r.selectionId),
          amount: toCents(c.price as number),
          state: 'recorded',
          charged: true,
          paymentId: String(r.paymentId),
          refundAttempts: 0,
          attempts: 0,
          pokes: 0,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      );
      // The counts were seeded already; only the holders behind them are added (the site is not serving yet).
      await classes.updateOne({ _id: c._id }, { $set: { seatHolders: [...have, ...holders] } });
      added += holders.length;
    }
    return added;
  }

  /**
   * The demo family: its campers (once: an account that has campers keeps them), and one camper's enrolment written
   * as a settled payment leaves it (seat holder, counts, payment and `recorded` ledger row, as `enrolMissing`), with
   * the first session's attendance taken.
   */
  async seedFamily(family: {
    account: string;
    campers: { name: string; dateOfBirth: string; notes: string; emergencyContact: string; emergencyPhone: string }[];
    enrolment?: { camper: string; className: string; sessionDay: (startDate?: Date) => string; takenBy: string };
    now: Date;
  }): Promise<void> {
    const campers = this.conn.collection('campers');
    if ((await campers.countDocuments({ accountEmail: family.account })) === 0)
      await campers.insertMany(
        family.campers.map((c, i) => ({
          ...c,
          accountEmail: family.account,
          createdAt: new Date(family.now.getTime() + i),
        })),
      );
    const e = family.enrolment;
    if (!e) return;
    const camper = await campers.findOne({ accountEmail: family.account, name: e.camper });
    const c = await this.conn.collection('classes').findOne({ className: e.className });
    if (!camper || !c) throw new Error(`Seed family: no camper ${e.camper} or class ${e.className}`);
    const camperId = String(camper._id);
    const intentId = `pi_seed_family_${String(c._id)}_${camperId}`;
    if (await this.conn.collection('payments').findOne({ transactionId: intentId })) return;
    const paymentId = new Types.ObjectId();
    const selectionId = new Types.ObjectId();
    // The seat first, as a settlement takes it: the holder list keeps a rerun from taking a second one.
    await this.conn
      .collection('classes')
      .updateOne(
        { _id: c._id, seats: { $gt: 0 }, seatHolders: { $ne: intentId } },
        { $inc: { seats: -1, enrolled: 1 }, $push: { seatHolders: intentId } as never },
      );
    const who = { camperId, camperName: e.camper };
    await this.conn.collection('payment_settlements').updateOne(
      { intentId },
      {
        $setOnInsert: {
          intentId,
          email: family.account,
          classId: String(c._id),
          selectionId: String(selectionId),
          ...who,
          amount: toCents(c.price as number),
          state: 'recorded',
          charged: true,
          paymentId: String(paymentId),
          refundAttempts: 0,
          attempts: 0,
          pokes: 0,
          nextAttemptAt: family.now,
          createdAt: family.now,
          updatedAt: family.now,
        },
      },
      { upsert: true },
    );
    await this.conn.collection('payments').insertOne({
      _id: paymentId,
      email: family.account,
      className: c.className as string,
      transactionId: intentId,
      price: c.price as number,
      classId: c._id,
      selectionId,
      date: family.now,
      status: 'service pending',
      ...who,
    });
    await this.conn.collection('attendance').insertOne({
      classId: String(c._id),
      className: c.className as string,
      participantId: camperId,
      email: family.account,
      camperId,
      name: e.camper,
      date: e.sessionDay(c.startDate as Date | undefined),
      present: true,
      takenBy: e.takenBy,
      updatedAt: family.now,
    });
  }

  /** Puts the students on the class's waitlist in this order, one second apart; those already on it stay. */
  async waitFor(className: string, students: string[], now: Date): Promise<void> {
    const c = await this.conn.collection('classes').findOne({ className }, { projection: { _id: 1 } });
    if (!c) throw new Error(`Seed waitlist: no class ${className}`);
    for (const [i, studentEmail] of students.entries()) {
      await this.conn
        .collection('waitlist_entries')
        .updateOne(
          { classId: String(c._id), studentEmail },
          { $setOnInsert: { joinedAt: new Date(now.getTime() - (students.length - i) * 1000), state: 'waiting' } },
          { upsert: true },
        );
    }
  }

  /** The oldest enrolment in the class (the demo's receipt is for it); null when it has none. */
  async firstOf(className: string): Promise<{
    email: string;
    transactionId: string;
    price: number;
    date: Date;
    classId: string;
  } | null> {
    const p = await this.conn.collection('payments').find({ className }).sort({ date: 1, _id: 1 }).limit(1).next();
    return p
      ? {
          email: p.email as string,
          transactionId: p.transactionId as string,
          price: p.price as number,
          date: p.date as Date,
          classId: String(p.classId),
        }
      : null;
  }
}
