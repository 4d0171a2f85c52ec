import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { LeasedRows, unheld } from '../database/leased-rows';
import type { Participant } from '../campers/camper.model';
import type { Offer, OfferState } from './waitlist.model';
import { OfferRecord } from './waitlist-offer.schema';

type LeanOffer = Omit<OfferRecord, 'camperId' | 'camperName'> & {
  _id: Types.ObjectId;
  camperId?: string | null;
  camperName?: string | null;
};

/** The participant's offers: a missing camperId is the account holder's (null matches absent). */
const whose = (p: Participant) => ({ email: p.email, camperId: p.camperId ?? null });

const toOffer = (d: LeanOffer): Offer => ({
  _id: d._id.toString(),
  classId: d.classId,
  seatKey: d.seatKey,
  round: d.round,
  state: d.state,
  ...(d.email ? { email: d.email } : {}),
  ...(d.camperId ? { camperId: d.camperId, ...(d.camperName ? { camperName: d.camperName } : {}) } : {}),
  ...(d.until ? { until: d.until } : {}),
  ...(d.intentId ? { intentId: d.intentId } : {}),
  ...(d.ended ? { ended: d.ended } : {}),
  ...(d.owner ? { owner: d.owner, leaseUntil: d.leaseUntil } : {}),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** What an offer's holder writes when it lets go. */
export type OfferRelease = Partial<
  Pick<Offer, 'state' | 'email' | 'camperId' | 'camperName' | 'until' | 'intentId' | 'ended'>
>;

@Injectable()
export class OffersRepository {
  private readonly leases: LeasedRows<OfferRecord>;

  constructor(@InjectModel(OfferRecord.name) private readonly model: Model<OfferRecord>) {
    this.leases = new LeasedRows(model, '_id');
  }

  /**
   * The offer of round `round` of a hold, created claimed by `owner`; null when that round exists already (another
   * replica is offering the same hold).
   */
  async create(classId: string, seatKey: string, round: number, owner: string, leaseMs: number): Promise<Offer | null> {
    const now = new Date();
    try {
      const doc = await this.model.create({
        classId,
        seatKey,
        round,
        state: 'assigning',
        owner,
        leaseUntil: new Date(Date.now() + leaseMs),
        createdAt: now,
        updatedAt: now,
      });
      return toOffer(doc.toObject() as LeanOffer);
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  async find(id: string): Promise<Offer | null> {
    const d = await this.model.findById(id).lean<LeanOffer>().exec();
    return d ? toOffer(d) : null;
  }

  /** The newest round of a hold's offers. */
  async latestFor(seatKey: string): Promise<Offer | null> {
    const d = await this.model.findOne({ seatKey }).sort({ round: -1 }).lean<LeanOffer>().exec();
    return d ? toOffer(d) : null;
  }

  /** The participant's live offer for a class (being made, or open), claimed or not. */
  async liveFor(classId: string, p: Participant): Promise<Offer | null> {
    const d = await this.model
      .findOne({ classId, ...whose(p), state: { $in: ['assigning', 'open'] } })
      .lean<LeanOffer>()
      .exec();
    return d ? toOffer(d) : null;
  }

  async liveForStudent(email: string): Promise<Offer[]> {
    const docs = await this.model.find({ email, state: 'open' }).lean<LeanOffer[]>().exec();
    return docs.map(toOffer);
  }

  /** Claims the participant's open offer for a class (to pay for it, or to decline it). */
  async claimOpen(classId: string, p: Participant, owner: string, leaseMs: number): Promise<Offer | null> {
    const d = await this.leases.claim<LeanOffer>({ classId, ...whose(p), state: 'open', ...unheld() }, owner, leaseMs);
    return d ? toOffer(d) : null;
  }

  /**
   * Claims the next offer the sweeper must act on: open past its `until`, or live under a claim whose lease ran out
   * (a replica stopped midway).
   */
  async claimNextDue(now: Date, owner: string, leaseMs: number): Promise<Offer | null> {
    const d = await this.leases.claim<LeanOffer>(
      {
        $or: [
          { state: 'open', until: { $lte: now }, owner: null },
          { state: { $in: ['assigning', 'open'] }, leaseUntil: { $lte: new Date() } },
        ],
      },
      owner,
      leaseMs,
      { until: 1, _id: 1 },
    );
    return d ? toOffer(d) : null;
  }

  /** Extends the holder's lease before its next write; false when another path took the offer over. */
  renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    return this.leases.renew(new Types.ObjectId(id), owner, leaseMs);
  }

  /** Writes while still holding the offer; false when it was taken over. */
  set(id: string, owner: string, set: OfferRelease): Promise<boolean> {
    return this.leases.write(new Types.ObjectId(id), owner, { ...set, updatedAt: new Date() });
  }

  /** The holder's outcome, and the claim let go; false when it no longer held it. */
  async release(id: string, owner: string, set: OfferRelease = {}): Promise<boolean> {
    return (await this.leases.release(new Types.ObjectId(id), owner, { ...set, updatedAt: new Date() })) !== null;
  }

  /** Offers by state, for the ledger check. */
  async inStates(states: OfferState[]): Promise<Offer[]> {
    const docs = await this.model
      .find({ state: { $in: states } })
      .lean<LeanOffer[]>()
      .exec();
    return docs.map(toOffer);
  }
}
