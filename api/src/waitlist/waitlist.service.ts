import { ConflictException, Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth/caller';
import { participantFields, type Participant } from '../campers/camper.model';
import { CampersService } from '../campers/campers.service';
import { ClassesService } from '../classes/classes.service';
import { AlreadyExistsError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { claimWhenFree } from '../database/leased-rows';
import { MailOutbox } from '../mail/mail.module';
import { SelectionsService, whoHas } from '../selections/selections.service';
import { OffersRepository } from './offers.repository';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import { LIVE_OFFER_STATES, type Offer, type WaitlistEntry, type WaitlistPlace } from './waitlist.model';

/** Seats one fill takes from a class at most (a capacity edit adds at most this many). */
const FILL_LIMIT = 1000;

/** The holder of an offer was taken over: it must not write anything more. */
class LostOfferError extends Error {}

export interface SweepReport {
  /** Offers ended unpaid and passed on. */
  expired: number;
  /** Offers a stopped replica left midway, finished. */
  resumed: number;
  /** Holds found without an offer, offered. */
  orphans: number;
}

/**
 * The waitlist of full classes and the offers of held seats (see waitlist.model.ts). Every change of an offer is
 * made by the holder of its claim (owner + lease, conditional updates), so a seat is offered, passed on or taken
 * once, whichever replica acts; every write is idempotent, so a replica that stops midway leaves an offer whose
 * lease runs out, and the sweeper finishes it.
 */
@Injectable()
export class WaitlistService implements OnModuleInit {
  private readonly logger = new Logger(WaitlistService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly entries: WaitlistEntriesRepository,
    private readonly offers: OffersRepository,
    private readonly classes: ClassesService,
    private readonly selections: SelectionsService,
    private readonly mail: MailOutbox,
    private readonly campers: CampersService,
  ) {}

  onModuleInit(): void {
    // A seat held for a camper is a selection, which selections report; a camper only waiting leaves the lists.
    this.campers.useFamilyRecords('waitlist', {
      forget: (email, camperId) => this.entries.deleteWaitingOfCamper(email, camperId),
      exportFor: (email) => this.placesOf(email),
    });
    this.classes.useWaitlist({
      waiting: (classId) => this.entries.anyWaiting(classId),
      held: (classId, key) => this.offerHold(classId, key, 0),
      seatsAdded: (classId) => this.fill(classId),
    });
  }

  /**
   * A participant (the account holder, or one of its campers in the class's age range) joins the list of a full
   * approved class, once, and not while enrolled.
   */
  async join(caller: Caller, classId: string, camperId?: string): Promise<WaitlistPlace> {
    const cls = await this.classes.findById(classId);
    if (!cls || cls.status !== 'approved') throw new NotFoundException('Class not found');
    const who = await this.campers.eligibleParticipant(caller, camperId, cls);
    if (cls.seats > 0) throw new ConflictException('This class has seats left: select it instead');
    if (await this.selections.isEnrolled(who, classId))
      throw new ConflictException(`${whoHas(who, 'are', 'is')} already enrolled in this class`);
    const entry = await this.entries.insert(classId, who).catch((err: unknown) => {
      if (err instanceof AlreadyExistsError)
        throw new ConflictException(`${whoHas(who, 'are', 'is')} already on the waitlist of this class`);
      throw err;
    });
    // A seat freed between the check and the insert went back to `seats`, since nobody was waiting yet.
    await this.fill(classId);
    return (
      (await this.placeOf(who, classId)) ?? { classId, position: 0, state: entry.state, ...participantFields(who) }
    );
  }

  /** Leaves the list; a participant offered a held seat declines it, and it goes to the next in line. */
  async leave(caller: Caller, classId: string, camperId?: string): Promise<{ deletedCount: number }> {
    const who = await this.campers.participant(caller, camperId);
    if (await this.entries.deleteIn(classId, who, 'waiting')) return { deletedCount: 1 };
    const entry = await this.entries.find(classId, who);
    if (!entry) throw new NotFoundException('You are not on the waitlist of this class');
    const owner = randomUUID();
    const offer = await this.claimOpenWaiting(classId, who, owner);
    if (!offer) throw new ConflictException('Your held seat is being paid for or passed on; please try again');
    await this.end(offer, owner, 'declined');
    return { deletedCount: 1 };
  }

  /** The caller's places (of `classIds` only, when given): position in the queue, or the seat held for them. */
  places(caller: Caller, classIds?: string[]): Promise<WaitlistPlace[]> {
    return this.placesOf(caller.email, classIds);
  }

  private async placesOf(email: string, classIds?: string[]): Promise<WaitlistPlace[]> {
    const entries = await this.entries.forStudent(email, classIds);
    const key = (classId: string, camperId?: string) => `${classId} ${camperId ?? ''}`;
    const offers = new Map((await this.offers.liveForStudent(email)).map((o) => [key(o.classId, o.camperId), o]));
    return Promise.all(
      entries.map(async (e) => {
        const who = participantFields(e);
        if (e.state === 'offered') {
          const until = offers.get(key(e.classId, e.camperId))?.until;
          return { classId: e.classId, position: 0, state: e.state, ...(until ? { heldUntil: until } : {}), ...who };
        }
        return { classId: e.classId, position: (await this.entries.ahead(e)) + 1, state: e.state, ...who };
      }),
    );
  }

  /** How many students are on each class's list (waiting or offered a seat); instructors see their own classes. */
  async counts(caller: Caller, classIds: string[]): Promise<Record<string, number>> {
    let ids = classIds;
    if (caller.role !== 'admin') {
      const own = await Promise.all(classIds.map((id) => this.classes.findById(id)));
      ids = classIds.filter((_, i) => own[i]?.instructorEmail === caller.email);
    }
    const counts = await this.entries.counts(ids);
    return Object.fromEntries(ids.map((id) => [id, counts.get(id) ?? 0]));
  }

  private async placeOf(who: Participant, classId: string): Promise<WaitlistPlace | undefined> {
    return (await this.placesOf(who.email, [classId])).find((p) => (p.camperId ?? null) === (who.camperId ?? null));
  }

  // --- For payments ---------------------------------------------------------------------------------------------

  /** Whether a seat of the class is held for the participant now (they may pay for a full class). */
  async heldFor(classId: string, who: Participant): Promise<boolean> {
    return (await this.offers.liveFor(classId, who))?.state === 'open';
  }

  /**
   * A paid intent takes the seat held for its student, if there is one: the offer is claimed (waiting while the
   * sweeper or an assignment holds it), the hold becomes the intent's seat and the offer is `taken`. False when no
   * seat is held for them (the caller then takes a free seat, if any). `stillOurs` renews the payer's own claim and
   * throws once it is lost: it runs before the seat is taken and while waiting, so the wait never outlives that claim.
   */
  async takeHeldSeat(
    classId: string,
    who: Participant,
    intentId: string,
    stillOurs: () => Promise<void>,
  ): Promise<boolean> {
    let renewed = Date.now();
    const owner = randomUUID();
    const offer = await claimWhenFree(
      () => this.offers.claimOpen(classId, who, owner, this.leaseMs()),
      this.leaseMs() + 1000,
      async () => {
        if (!(await this.offers.liveFor(classId, who))) return false;
        if (Date.now() - renewed >= this.leaseMs() / 4) {
          await stillOurs();
          renewed = Date.now();
        }
        return true;
      },
    );
    if (!offer) return false;
    try {
      await stillOurs();
    } catch (err) {
      await this.offers.release(offer._id, owner);
      throw err;
    }
    const seat = await this.classes.takeHeldSeat(classId, offer.seatKey, intentId);
    if (seat === 'gone') {
      await this.offers.release(offer._id, owner);
      return false;
    }
    await this.entries.deleteByOffer(offer._id);
    // A lost claim here is harmless: the sweeper sees the hold gone and marks the offer taken.
    await this.offers.release(offer._id, owner, { state: 'taken', intentId });
    return true;
  }

  /** A participant enrolled: they wait no more for that class. */
  async enrolled(classId: string, who: Participant): Promise<void> {
    await this.entries.deleteIn(classId, who, 'waiting');
  }

  // --- Offers ---------------------------------------------------------------------------------------------------

  /** Offers round `round` of a hold; does nothing when another caller already made that round. */
  private async offerHold(classId: string, seatKey: string, round: number): Promise<void> {
    const owner = randomUUID();
    const offer = await this.offers.create(classId, seatKey, round, owner, this.leaseMs());
    if (offer) await this.assign(offer, owner);
  }

  /** Gives the hold to the first student waiting, or back to `seats` when nobody waits. Safe to run again. */
  private async assign(offer: Offer, owner: string): Promise<void> {
    if (!(await this.classes.hasHold(offer.classId, offer.seatKey))) {
      // A stopped replica had already given it back.
      await this.offers.release(offer._id, owner, { state: 'returned' });
      return;
    }
    const entry =
      (await this.entries.findByOffer(offer._id)) ?? (await this.entries.takeFirstWaiting(offer.classId, offer._id));
    if (!entry) {
      await this.stillOurs(offer, owner);
      await this.classes.returnHold(offer.classId, offer.seatKey);
      await this.offers.release(offer._id, owner, { state: 'returned' });
      // Somebody who joined meanwhile found no seat free: the fill gives it to them.
      await this.fill(offer.classId);
      return;
    }
    const until = new Date(Date.now() + this.config.waitlist.offerHours * 3600_000);
    // The participant is known before the selection exists, so a payment of theirs waits for this offer.
    const who = participantOfEntry(entry);
    if (!(await this.offers.set(offer._id, owner, { email: entry.studentEmail, ...participantFields(entry) })))
      throw new LostOfferError(`Offer ${offer._id} was taken over`);
    await this.selections.hold(who, offer.classId, offer._id, until);
    await this.stillOurs(offer, owner);
    // Keyed by the offer: a holder that takes this one over writes the same message, which is sent once.
    await this.mail.enqueue({
      key: `offer:${offer._id}`,
      to: entry.studentEmail,
      template: 'waitlistOffer',
      data: {
        className: await this.classNameOf(offer.classId),
        classId: offer.classId,
        until: until.toISOString(),
        ...(entry.camperName ? { camperName: entry.camperName } : {}),
      },
    });
    await this.offers.release(offer._id, owner, {
      state: 'open',
      email: entry.studentEmail,
      ...participantFields(entry),
      until,
    });
    this.logger.log(
      `Seat ${offer.seatKey} of class ${offer.classId} held for ${entry.studentEmail} until ${until.toISOString()}`,
    );
  }

  /** The offer ends unpaid (expired or declined): the student leaves the list and the hold goes to the next one. */
  private async end(offer: Offer, owner: string, why: 'expired' | 'declined'): Promise<void> {
    if (!(await this.classes.hasHold(offer.classId, offer.seatKey))) {
      // Paid: the payment took the hold and stopped before saying so.
      await this.entries.deleteByOffer(offer._id);
      await this.offers.release(offer._id, owner, { state: 'taken' });
      return;
    }
    await this.stillOurs(offer, owner);
    await this.entries.deleteByOffer(offer._id);
    await this.selections.endHold(offer._id);
    if (why === 'expired' && offer.email)
      await this.mail.enqueue({
        key: `offer-passed:${offer._id}`,
        to: offer.email,
        template: 'offerPassedOn',
        data: {
          className: await this.classNameOf(offer.classId),
          ...(offer.camperName ? { camperName: offer.camperName } : {}),
        },
      });
    if (!(await this.offers.release(offer._id, owner, { state: 'passed', ended: why }))) return;
    this.logger.log(`Offer ${offer._id} to ${offer.email} ${why}; passing seat ${offer.seatKey} on`);
    await this.offerHold(offer.classId, offer.seatKey, offer.round + 1);
  }

  /**
   * Free seats of an approved class go to its waitlist, one hold per student waiting (a class back in review waits
   * for its approval: its students could not pay for a held seat meanwhile).
   */
  async fill(classId: string): Promise<void> {
    if ((await this.classes.findById(classId))?.status !== 'approved') return;
    for (let i = 0; i < FILL_LIMIT && (await this.entries.anyWaiting(classId)); i++) {
      const key = `seat:${randomUUID()}`;
      if (!(await this.classes.holdFreeSeat(classId, key))) return;
      await this.offerHold(classId, key, 0);
    }
  }

  /** Claims the participant's open offer, waiting while another path holds it briefly. */
  private claimOpenWaiting(classId: string, who: Participant, owner: string): Promise<Offer | null> {
    return claimWhenFree(() => this.offers.claimOpen(classId, who, owner, this.leaseMs()), 2000);
  }

  // --- The sweeper's work -----------------------------------------------------------------------------------------

  /** Claims the next due offer: open past its time, or left midway by a stopped replica. */
  claimDueOffer(now: Date, owner: string, leaseMs: number): Promise<Offer | null> {
    return this.offers.claimNextDue(now, owner, leaseMs);
  }

  /** Acts on an offer claimed by `claimDueOffer`: ended and passed on when past its time, else finished. */
  async sweepClaimed(offer: Offer, owner: string, now = new Date()): Promise<'expired' | 'resumed'> {
    try {
      if (offer.state === 'assigning') {
        await this.assign(offer, owner);
        return 'resumed';
      }
      if (offer.until && offer.until <= now) {
        await this.end(offer, owner, 'expired');
        return 'expired';
      }
      // An open offer whose payer stopped midway: taken if the hold became its seat, else still open.
      if (!(await this.classes.hasHold(offer.classId, offer.seatKey))) {
        await this.entries.deleteByOffer(offer._id);
        await this.offers.release(offer._id, owner, { state: 'taken' });
      } else await this.offers.release(offer._id, owner);
      return 'resumed';
    } catch (err) {
      if (err instanceof LostOfferError) return 'resumed';
      throw err;
    }
  }

  /**
   * Holds with no live offer (a replica stopped between ending one offer and making the next, or between freeing
   * the seat and offering it) get their next offer; classes with free seats and students waiting are filled.
   */
  async repair(): Promise<number> {
    let orphans = 0;
    for (const cls of await this.classes.withHolds()) {
      for (const key of cls.holds) {
        const latest = await this.offers.latestFor(key);
        if (latest && LIVE_OFFER_STATES.includes(latest.state)) continue;
        // The same round as a caller making it right now: the unique (seatKey, round) lets one of them through.
        await this.offerHold(cls._id, key, latest ? latest.round + 1 : 0);
        orphans++;
      }
    }
    for (const classId of await this.entries.classesWithWaiting()) await this.fill(classId);
    return orphans;
  }

  private async classNameOf(classId: string): Promise<string> {
    return (await this.classes.findById(classId))?.className ?? 'your class';
  }

  private async stillOurs(offer: Offer, owner: string): Promise<void> {
    if (!(await this.offers.renew(offer._id, owner, this.leaseMs())))
      throw new LostOfferError(`Offer ${offer._id} was taken over`);
  }

  /** Offers share the ledger's claim lease. */
  leaseMs(): number {
    return this.config.payments.claimLeaseSeconds * 1000;
  }
}

const participantOfEntry = (e: WaitlistEntry): Participant => ({ email: e.studentEmail, ...participantFields(e) });
