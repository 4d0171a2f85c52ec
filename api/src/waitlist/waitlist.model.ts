// The waitlist of a full class: students in the order they joined, and the offers of held seats made to them.
//
// A seat freed while somebody waits never goes back to `seats`: it becomes a hold on the class (a key in its
// `holds`), and the first student waiting gets an offer of it until `until`. Paid, the hold becomes the student's
// seat; unpaid at `until` or declined, the offer ends and the same hold is offered to the next in line (a new
// offer, `round + 1`); with nobody waiting the seat returns to `seats`. Offers are claimed like ledger rows (owner
// and lease, conditional updates), and (seatKey, round) is unique, so each hold has one offer at a time however
// many replicas act on it.

export const ENTRY_STATES = ['waiting', 'offered'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

export interface WaitlistEntry {
  _id: string;
  classId: string;
  studentEmail: string;
  joinedAt: Date;
  /** `offered` once a held seat is offered to the student (out of the queue, still on the list). */
  state: EntryState;
  offerId?: string;
  /** The camper waiting (absent: the account holder), and their name alone. */
  camperId?: string;
  camperName?: string;
}

export const OFFER_STATES = ['assigning', 'open', 'taken', 'passed', 'returned'] as const;
/**
 * assigning: a hold is being given to the next in line; open: offered until `until`; taken: paid (the hold became
 * the seat); passed: expired or declined (the hold goes to the next offer); returned: nobody waited, back to seats.
 */
export type OfferState = (typeof OFFER_STATES)[number];
export const LIVE_OFFER_STATES: readonly OfferState[] = ['assigning', 'open'];

export interface Offer {
  _id: string;
  classId: string;
  /** The hold on the class this offer is about. */
  seatKey: string;
  /** How many offers of this hold came before this one. */
  round: number;
  state: OfferState;
  email?: string;
  /** The camper offered the seat (absent: the account holder of `email`). */
  camperId?: string;
  camperName?: string;
  until?: Date;
  /** The intent that paid for it. */
  intentId?: string;
  /** Why it ended, when passed. */
  ended?: 'expired' | 'declined';
  owner?: string;
  leaseUntil?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** A student's place on one class's waitlist, as the Classes screen shows it. */
export interface WaitlistPlace {
  classId: string;
  /** 1 for the first waiting; 0 while a held seat is offered to the student. */
  position: number;
  state: EntryState;
  /** Until when the held seat is the student's, while offered. */
  heldUntil?: Date;
  camperId?: string;
  camperName?: string;
}
