// A camper: a child (or any participant) an account enrols. Their date of birth, notes and emergency contact are
// private to the family, the instructors of classes they are enrolled in, and admins (docs/families.md, Privacy).
export interface Camper {
  _id: string;
  /** The account (its e-mail) the camper belongs to. */
  accountEmail: string;
  name: string;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string;
  notes: string;
  emergencyContact: string;
  emergencyPhone: string;
  /** Who may collect the camper at check-out; as private as the notes. */
  pickups: Pickup[];
  createdAt: Date;
}

/** A person the family names to collect a camper (docs/families.md, Authorised pick-ups). */
export interface Pickup {
  _id: string;
  name: string;
  relationship: string;
  phone: string;
}

/** What the family sees: the camper with today's age, without the account. */
export type CamperView = Omit<Camper, 'accountEmail'> & { age: number };

export const CAMPERS_PER_ACCOUNT_MAX = 20;
export const CAMPER_NAME_MAX = 80;
export const CAMPER_NOTES_MAX = 1000;
export const PICKUPS_PER_CAMPER_MAX = 10;
export const RELATIONSHIP_MAX = 40;

/**
 * Who takes a seat: the account holder (no camper, exactly as before Families) or one of its campers. Rows without
 * `camperId` are the account holder's; a missing field indexes as null, so the unique keys treat them as one
 * participant.
 */
export interface Participant {
  email: string;
  camperId?: string;
  camperName?: string;
}

/** The camper fields a row about a participant carries: an id and the name alone, never the private data. */
export const participantFields = (p: { camperId?: string; camperName?: string }) =>
  p.camperId ? { camperId: p.camperId, ...(p.camperName ? { camperName: p.camperName } : {}) } : {};
