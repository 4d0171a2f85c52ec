// A camp class as the rest of the API sees it: plain data with a string id.
export const CLASS_STATUSES = ['pending', 'approved', 'denied'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

export interface CampClass {
  _id: string;
  className: string;
  classImage: string;
  instructorName: string;
  instructorEmail: string;
  /** Seats in all; `seats` (what the spec calls available seats) is what is left of it. */
  capacity: number;
  seats: number;
  price: number;
  status: ClassStatus;
  /** When the class was created (ISO date in JSON). */
  date: Date;
  enrolled: number;
  feedback: string;
}

/** What the public pages show of a class: no status, review feedback or internal fields. */
export interface PublicClass {
  _id: string;
  className: string;
  classImage: string;
  instructorName: string;
  instructorEmail: string;
  seats: number;
  price: number;
  enrolled: number;
}

export const toPublicClass = (c: CampClass): PublicClass => ({
  _id: c._id,
  className: c.className,
  classImage: c.classImage,
  instructorName: c.instructorName,
  instructorEmail: c.instructorEmail,
  seats: c.seats,
  price: c.price,
  enrolled: c.enrolled,
});

export const SEATS_MAX = 1000;
export const PRICE_MAX = 10_000;
