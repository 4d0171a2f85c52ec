import { pictureOf, type StoredPicture } from '../pictures/picture.model';
import type { CampClass } from './class.model';

// `capacity` is missing on classes stored before it existed, until the boot backfill has run.
export type LeanClass = Omit<CampClass, '_id' | 'capacity' | 'held' | 'picture'> &
  StoredPicture & {
    _id: { toString(): string };
    capacity?: number;
    holds?: string[];
  };

/** A stored class as the API uses it: capacity and counts filled in for rows written before they existed. */
export const toClass = (d: LeanClass): CampClass => ({
  _id: d._id.toString(),
  className: d.className,
  classImage: d.classImage,
  picture: pictureOf(d),
  instructorName: d.instructorName,
  instructorEmail: d.instructorEmail,
  capacity: d.capacity ?? d.seats + (d.enrolled ?? 0),
  seats: d.seats,
  held: d.holds?.length ?? 0,
  price: d.price,
  status: d.status,
  date: d.date,
  enrolled: d.enrolled ?? 0,
  feedback: d.feedback ?? '',
  ...(d.startDate ? { startDate: d.startDate } : {}),
  ...(d.sessions ? { sessions: d.sessions } : {}),
  ...(typeof d.minAge === 'number' ? { minAge: d.minAge } : {}),
  ...(typeof d.maxAge === 'number' ? { maxAge: d.maxAge } : {}),
  ...(typeof d.deposit === 'number' && d.installments ? { deposit: d.deposit, installments: d.installments } : {}),
  ...(typeof d.earlyBirdPrice === 'number' && d.earlyBirdUntil
    ? { earlyBirdPrice: d.earlyBirdPrice, earlyBirdUntil: d.earlyBirdUntil }
    : {}),
});

// Reads leave the seat holders (one id per enrolled student) in the database: only seat changes need them.
export const READ = { seatHolders: 0 } as const;
// The public lists also leave out the admin's feedback, which they never show.
export const PUBLIC_READ = { seatHolders: 0, feedback: 0 } as const;
