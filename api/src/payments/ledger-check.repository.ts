import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export interface CheckedClass {
  _id: string;
  className: string;
  capacity?: number;
  seats: number;
  enrolled: number;
  seatHolders: string[];
  /** The waitlist's holds: taken seats, not paid yet. */
  holds: string[];
}

export interface CheckedEntry {
  _id: string;
  classId: string;
  studentEmail: string;
  /** The camper waiting; absent: the account holder. */
  camperId?: string;
  joinedAt: Date;
  state: string;
  offerId?: string;
}

export interface CheckedOffer {
  _id: string;
  classId: string;
  seatKey: string;
  state: string;
  email?: string;
  owner?: string;
  leaseUntil?: Date;
}

export interface CheckedPayment {
  transactionId: string;
  email: string;
  classId: string;
  camperId?: string;
}

export interface CheckedRow {
  intentId: string;
  classId: string;
  state: string;
  charged: boolean;
  /** Opened with a price breakdown (a quote): its money is on the family's account. */
  priced?: boolean;
  owner?: string;
  leaseUntil?: Date;
  createdAt: Date;
}

/** A movement of a family's account (account_movements). */
export interface CheckedMovement {
  email: string;
  enrolment: string;
  kind: string;
  cents: number;
}

/** A plan's installment (installments). */
export interface CheckedInstallment {
  enrolment: string;
  n: number;
  state: string;
  cents: number;
  owner?: string;
  leaseUntil?: Date;
}

/**
 * Reads the three collections the ledger's invariants tie together, as stored (no model defaults), so the checker
 * sees exactly what another replica or an older version wrote.
 */
@Injectable()
export class LedgerCheckRepository {
  constructor(@InjectConnection() private readonly conn: Connection) {}

  async classes(): Promise<CheckedClass[]> {
    const cursor = this.conn
      .collection('classes')
      .find({}, { projection: { className: 1, capacity: 1, seats: 1, enrolled: 1, seatHolders: 1, holds: 1 } });
    return (await cursor.toArray()).map((d) => ({
      _id: String(d._id),
      className: d.className as string,
      ...(typeof d.capacity === 'number' ? { capacity: d.capacity } : {}),
      seats: d.seats as number,
      enrolled: (d.enrolled as number | undefined) ?? 0,
      seatHolders: (d.seatHolders as string[] | undefined) ?? [],
      holds: (d.holds as string[] | undefined) ?? [],
    }));
  }

  async payments(): Promise<CheckedPayment[]> {
    const cursor = this.conn
      .collection('payments')
      .find({}, { projection: { transactionId: 1, email: 1, classId: 1, camperId: 1 } });
    return (await cursor.toArray()).map((d) => ({
      transactionId: d.transactionId as string,
      email: d.email as string,
      classId: String(d.classId),
      ...(d.camperId ? { camperId: String(d.camperId) } : {}),
    }));
  }

  async rows(): Promise<CheckedRow[]> {
    const cursor = this.conn.collection('payment_settlements').find(
      {},
      {
        projection: {
          intentId: 1,
          classId: 1,
          state: 1,
          charged: 1,
          'quote.totalCents': 1,
          owner: 1,
          leaseUntil: 1,
          createdAt: 1,
        },
      },
    );
    return (await cursor.toArray()).map((d) => ({
      intentId: d.intentId as string,
      classId: String(d.classId),
      state: d.state as string,
      charged: Boolean(d.charged),
      ...(d.quote ? { priced: true } : {}),
      ...(d.owner ? { owner: d.owner as string, leaseUntil: d.leaseUntil as Date } : {}),
      createdAt: d.createdAt as Date,
    }));
  }

  async waitlistEntries(): Promise<CheckedEntry[]> {
    const cursor = this.conn.collection('waitlist_entries').find({});
    return (await cursor.toArray()).map((d) => ({
      _id: String(d._id),
      classId: String(d.classId),
      studentEmail: d.studentEmail as string,
      ...(d.camperId ? { camperId: String(d.camperId) } : {}),
      joinedAt: d.joinedAt as Date,
      state: d.state as string,
      ...(d.offerId ? { offerId: String(d.offerId) } : {}),
    }));
  }

  /** The offers still live (being made, or open): the ended ones are history. */
  async liveOffers(): Promise<CheckedOffer[]> {
    const cursor = this.conn.collection('waitlist_offers').find({ state: { $in: ['assigning', 'open'] } });
    return (await cursor.toArray()).map((d) => ({
      _id: String(d._id),
      classId: String(d.classId),
      seatKey: d.seatKey as string,
      state: d.state as string,
      ...(d.email ? { email: d.email as string } : {}),
      ...(d.owner ? { owner: d.owner as string, leaseUntil: d.leaseUntil as Date } : {}),
    }));
  }

  async movements(): Promise<CheckedMovement[]> {
    const cursor = this.conn
      .collection('account_movements')
      .find({}, { projection: { email: 1, enrolment: 1, kind: 1, cents: 1 } });
    return (await cursor.toArray()).map((d) => ({
      email: d.email as string,
      enrolment: d.enrolment as string,
      kind: d.kind as string,
      cents: d.cents as number,
    }));
  }

  async installments(): Promise<CheckedInstallment[]> {
    const cursor = this.conn
      .collection('installments')
      .find({}, { projection: { enrolment: 1, n: 1, state: 1, cents: 1, owner: 1, leaseUntil: 1 } });
    return (await cursor.toArray()).map((d) => ({
      enrolment: d.enrolment as string,
      n: d.n as number,
      state: d.state as string,
      cents: d.cents as number,
      ...(d.owner ? { owner: d.owner as string, leaseUntil: d.leaseUntil as Date } : {}),
    }));
  }
}
