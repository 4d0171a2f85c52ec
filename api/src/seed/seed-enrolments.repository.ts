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
   * The demo family: its campers (once: an account that has campers keeps them), each camper's enrolment written as a
   * settled payment leaves it (seat holder, counts, payment and `recorded` ledger row, as `enrolMissing`; a partial
   * refund on both payment and row, as the provider's event leaves it), optionally with the first session's
   * attendance taken, and each camper's selection not paid yet.
   */
  async seedFamily(family: {
    account: string;
    campers: { name: string; dateOfBirth: string; notes: string; emergencyContact: string; emergencyPhone: string }[];
    enrolments: {
      camper: string;
      className: string;
      /** Dollars given back; the enrolment stays. */
      refunded?: number;
      attendance?: { sessionDay: (startDate?: Date) => string; takenBy: string };
    }[];
    selections: { camper: string; className: string }[];
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
    const find = async (camperName: string, className: string) => {
      const camper = await campers.findOne({ accountEmail: family.account, name: camperName });
      const c = await this.conn.collection('classes').findOne({ className });
      if (!camper || !c) throw new Error(`Seed family: no camper ${camperName} or class ${className}`);
      return { camperId: String(camper._id), c };
    };
    for (const e of family.enrolments) {
      const { camperId, c } = await find(e.camper, e.className);
      await this.enrolCamper(family.account, { camperId, camperName: e.camper }, c, e, family.now);
    }
    for (const [i, s] of family.selections.entries()) {
      const { camperId, c } = await find(s.camper, s.className);
      await this.conn.collection('selections').updateOne(
        { studentEmail: family.account, classId: c._id, camperId },
        {
          $setOnInsert: {
            className: c.className as string,
            instructorName: c.instructorName as string,
            seats: c.seats as number,
            price: c.price as number,
            camperName: s.camper,
            createdAt: new Date(family.now.getTime() + i),
          },
        },
        { upsert: true },
      );
    }
  }

  private async enrolCamper(
    account: string,
    who: { camperId: string; camperName: string },
    c: { _id: Types.ObjectId } & Record<string, unknown>,
    e: { refunded?: number; attendance?: { sessionDay: (startDate?: Date) => string; takenBy: string } },
    now: Date,
  ): Promise<void> {
    const intentId = `pi_seed_family_${String(c._id)}_${who.camperId}`;
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
    await this.conn.collection('payment_settlements').updateOne(
      { intentId },
      {
        $setOnInsert: {
          intentId,
          email: account,
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
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
          ...(e.refunded ? { refundedAmount: Math.round(e.refunded * 100) } : {}),
        },
      },
      { upsert: true },
    );
    await this.conn.collection('payments').insertOne({
      _id: paymentId,
      email: account,
      className: c.className as string,
      transactionId: intentId,
      price: c.price as number,
      classId: c._id,
      selectionId,
      date: now,
      status: 'service pending',
      ...who,
      ...(e.refunded ? { refundedAmount: e.refunded } : {}),
    });
    if (!e.attendance) return;
    await this.conn.collection('attendance').insertOne({
      classId: String(c._id),
      className: c.className as string,
      participantId: who.camperId,
      email: account,
      camperId: who.camperId,
      name: who.camperName,
      date: e.attendance.sessionDay(c.startDate as Date | undefined),
      present: true,
      takenBy: e.attendance.takenBy,
      updatedAt: now,
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
