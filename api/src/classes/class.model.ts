// A camp class as the rest of the API sees it: plain data with a string id.
import type { PictureRef } from '../pictures/picture.model';

export const CLASS_STATUSES = ['pending', 'approved', 'denied'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

export interface CampClass {
  _id: string;
  className: string;
  /** A URL (spec): the site's URL of the held picture once `picture` is ready, else the URL as given. */
  classImage: string;
  /** The held picture's id and status: what the pages show (a placeholder until it is ready). */
  picture: PictureRef;
  instructorName: string;
  instructorEmail: string;
  /** Seats in all; `seats` (what docs/product.md calls available seats) is what is left of it. */
  capacity: number;
  seats: number;
  /** Seats held for students of the waitlist (taken, not yet paid): capacity = seats + enrolled + held. */
  held: number;
  price: number;
  status: ClassStatus;
  /** When the class was created (ISO date in JSON). */
  date: Date;
  enrolled: number;
  feedback: string;
  /** When the first session starts (ISO 8601 in JSON); absent for a class without a date. */
  startDate?: Date;
  /** Weekly sessions from `startDate` (1-52); absent means one. */
  sessions?: number;
  /** The age range (whole years, counted at `startDate`); a missing bound admits everyone on that side. */
  minAge?: number;
  maxAge?: number;
  /** A payment plan (docs/product.md §P1): the deposit paid first (dollars) and the installments (1-6) of the rest. */
  deposit?: number;
  installments?: number;
  /** The early-bird price (dollars), paid for a seat until the end of `earlyBirdUntil` (a camp date, YYYY-MM-DD). */
  earlyBirdPrice?: number;
  earlyBirdUntil?: string;
}

/** What the public pages show of a class: no status, review feedback or internal fields. */
const PUBLIC_CLASS_FIELDS = [
  '_id',
  'className',
  'classImage',
  'picture',
  'instructorName',
  'instructorEmail',
  'seats',
  'price',
  'enrolled',
  'startDate',
  'sessions',
  'minAge',
  'maxAge',
  'deposit',
  'installments',
  'earlyBirdPrice',
  'earlyBirdUntil',
] as const;
export type PublicClass = Pick<CampClass, (typeof PUBLIC_CLASS_FIELDS)[number]>;

// Absent optional fields stay absent (not `undefined`), so the JSON of an undated class has no date keys.
export const toPublicClass = (c: CampClass): PublicClass =>
  Object.fromEntries(PUBLIC_CLASS_FIELDS.filter((f) => c[f] !== undefined).map((f) => [f, c[f]])) as PublicClass;

export const SEATS_MAX = 1000;
export const SESSIONS_MAX = 52;
export const INSTALLMENTS_MAX = 6;
