// Check-in and check-out on the day of a session (docs/families.md, Check-in and check-out): who brought the
// camper in and when, and to whom they were handed at the end, from the family's list of authorised pick-ups.

/** Who collected a camper, as the family named them (kept with the record if the family removes the person later). */
export interface PickedUpBy {
  name: string;
  relationship: string;
}

/** One participant's day in one class, as stored. */
export interface CheckIn {
  classId: string;
  className: string;
  /** The roster's participantId: the camper's id, or `self:{paymentId}`. */
  participantId: string;
  /** The family's account. */
  email: string;
  camperId?: string;
  name: string;
  /** The session's day ('YYYY-MM-DD') in the camp's time zone. */
  date: string;
  checkedInAt: Date;
  /** The instructor's (or admin's) e-mail and name. */
  checkedInBy: string;
  checkedInByName: string;
  checkedOutAt?: Date;
  checkedOutBy?: string;
  checkedOutByName?: string;
  /** Absent for an account holder enrolled for itself, who leaves on their own. */
  pickedUpBy?: PickedUpBy;
}

/** The day on a roster row (staff names, not their e-mails). */
export interface DayView {
  checkedInAt: Date;
  checkedInBy: string;
  checkedOutAt?: Date;
  checkedOutBy?: string;
  pickedUpBy?: PickedUpBy;
}

/** What the family sees of its participants' day, in lists and in the live events. */
export interface FamilyDay {
  classId: string;
  className: string;
  participantId: string;
  camperId?: string;
  name: string;
  date: string;
  checkedInAt: Date;
  checkedInBy: string;
  checkedOutAt?: Date;
  pickedUpBy?: PickedUpBy;
}

export const dayView = (c: CheckIn): DayView => ({
  checkedInAt: c.checkedInAt,
  checkedInBy: c.checkedInByName,
  ...(c.checkedOutAt ? { checkedOutAt: c.checkedOutAt, checkedOutBy: c.checkedOutByName ?? '' } : {}),
  ...(c.pickedUpBy ? { pickedUpBy: c.pickedUpBy } : {}),
});

export const familyDay = (c: CheckIn): FamilyDay => ({
  classId: c.classId,
  className: c.className,
  participantId: c.participantId,
  ...(c.camperId ? { camperId: c.camperId } : {}),
  name: c.name,
  date: c.date,
  checkedInAt: c.checkedInAt,
  checkedInBy: c.checkedInByName,
  ...(c.checkedOutAt ? { checkedOutAt: c.checkedOutAt } : {}),
  ...(c.pickedUpBy ? { pickedUpBy: c.pickedUpBy } : {}),
});
