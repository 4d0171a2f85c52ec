// A class a student has selected (docs/product.md's "selected class"), before paying for it.
export interface Selection {
  _id: string;
  classId: string;
  className: string;
  instructorName: string;
  seats: number;
  studentEmail: string;
  price: number;
  /** A seat of the class is held for the student (a waitlist offer) until then; they pay as for any selection. */
  heldUntil?: Date;
  /** The camper the seat is for; absent: the account holder itself. */
  camperId?: string;
  /** The camper's name as it was when selected (no other camper data is kept here). */
  camperName?: string;
}
