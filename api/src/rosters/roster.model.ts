// A class's roster: its enrolled participants (paid, not cancelled) with what the instructor needs on the day, and
// attendance per session. Only the class's instructor and admins see it (docs/families.md, Privacy).
import type { Pickup } from '../campers/camper.model';
import type { WaiverState } from '../waivers/waiver.model';
import type { DayView } from './check-in.model';

export interface RosterRow {
  /** The camper's id, or `self:{paymentId}` for an account holder enrolled for itself. */
  participantId: string;
  name: string;
  camperId?: string;
  /** Today's age; null for an account holder (no date of birth). */
  age: number | null;
  /** Age on the class's start day (what eligibility counts). */
  ageAtStart: number | null;
  notes: string;
  emergencyContact: string;
  emergencyPhone: string;
  /** Session day -> present; a day not taken yet is absent. */
  attendance: Record<string, boolean>;
  /** Who may collect the camper (none for an account holder enrolled for itself). */
  pickups: Pickup[];
  /** The current waiver signed for the camper, or not; null when nothing is asked. */
  waiver: WaiverState;
  /** Session day -> its check-in and check-out. */
  checkIns: Record<string, DayView>;
}

export interface Roster {
  classId: string;
  className: string;
  /** Session days ('YYYY-MM-DD') in the camp's time zone. */
  sessions: string[];
  /** Today in the camp's time zone: check-in and check-out are for today's session only. */
  today: string;
  campers: RosterRow[];
}

export interface AttendanceSaved {
  participantId: string;
  attendance: Record<string, boolean>;
}

export interface AttendanceMark {
  classId: string;
  className: string;
  participantId: string;
  email: string;
  camperId?: string;
  name: string;
  date: string;
  present: boolean;
}
