// The demo data seeded on first run, in one place. Images are the project's own SVGs served by the shell origin:
// people under /images/people/<first-name>.svg, classes under /images/classes/<sport>.svg.
import type { ClassStatus } from '../classes/class.model';
import type { Gender, Role } from '../users/user.model';

export type SeedRole = Role | 'student';

export interface SeedPerson {
  name: string;
  email: string;
  password: string;
  role: SeedRole;
  gender: Gender;
  /** Also the SVG file name under /images/people/. */
  photo: string;
}

export const SPORTS = [
  'soccer',
  'basketball',
  'tennis',
  'swimming',
  'volleyball',
  'baseball',
  'athletics',
  'gymnastics',
  'cycling',
  'badminton',
  'table-tennis',
  'martial-arts',
  'rowing',
  'climbing',
] as const;
export type Sport = (typeof SPORTS)[number];

export interface SeedClass {
  className: string;
  sport: Sport;
  /** E-mail of one of the seeded instructors. */
  instructor: string;
  seats: number;
  price: number;
  status: ClassStatus;
  enrolled: number;
  feedback?: string;
  /** A dated class: it starts this many days after the seed runs, at `startsAt` (camp time), for `sessions` weeks. */
  startsInDays?: number;
  startsAt?: string;
  sessions?: number;
  /** The class's age range (whole years at its start). */
  minAge?: number;
  maxAge?: number;
}

const ADMIN_PASSWORD = 'Admin@2026';
const COACH_PASSWORD = 'Coach@2026';
const STUDENT_PASSWORD = 'Student@2026';

export const SEED_PEOPLE: readonly SeedPerson[] = [
  {
    name: 'Alex Morgan',
    email: 'admin@sportify.camp',
    password: ADMIN_PASSWORD,
    role: 'admin',
    gender: 'other',
    photo: 'alex',
  },
  {
    name: 'Jordan Lee',
    email: 'jordan@sportify.camp',
    password: COACH_PASSWORD,
    role: 'instructor',
    gender: 'female',
    photo: 'jordan',
  },
  {
    name: 'Sam Rivera',
    email: 'sam@sportify.camp',
    password: COACH_PASSWORD,
    role: 'instructor',
    gender: 'male',
    photo: 'sam',
  },
  {
    name: 'Mia Chen',
    email: 'mia@sportify.camp',
    password: STUDENT_PASSWORD,
    role: 'student',
    gender: 'female',
    photo: 'mia',
  },
  {
    name: 'Noah Patel',
    email: 'noah@sportify.camp',
    password: STUDENT_PASSWORD,
    role: 'student',
    gender: 'male',
    photo: 'noah',
  },
  // Two more admins (the home page's "Our Three Main Contributors") and four more instructors (popular lists of 6).
  {
    name: 'Riley Brooks',
    email: 'riley@sportify.camp',
    password: ADMIN_PASSWORD,
    role: 'admin',
    gender: 'female',
    photo: 'riley',
  },
  {
    name: 'Casey Shah',
    email: 'casey@sportify.camp',
    password: ADMIN_PASSWORD,
    role: 'admin',
    gender: 'male',
    photo: 'casey',
  },
  {
    name: 'Avery Grant',
    email: 'avery@sportify.camp',
    password: COACH_PASSWORD,
    role: 'instructor',
    gender: 'female',
    photo: 'avery',
  },
  {
    name: 'Drew Kim',
    email: 'drew@sportify.camp',
    password: COACH_PASSWORD,
    role: 'instructor',
    gender: 'male',
    photo: 'drew',
  },
  {
    name: 'Jamie Torres',
    email: 'jamie@sportify.camp',
    password: COACH_PASSWORD,
    role: 'instructor',
    gender: 'female',
    photo: 'jamie',
  },
  {
    name: 'Quinn Okafor',
    email: 'quinn@sportify.camp',
    password: COACH_PASSWORD,
    role: 'instructor',
    gender: 'other',
    photo: 'quinn',
  },
];

/** The logins `npm start` prints (the five of CONVENTIONS.md). */
export const DEMO_EMAILS = [
  'admin@sportify.camp',
  'jordan@sportify.camp',
  'sam@sportify.camp',
  'mia@sportify.camp',
  'noah@sportify.camp',
];

/** The seed's longest class name. */
const LONG_CLASS = 'Advanced Competitive Swimming and Open Water Safety Certification';

/** The class whose first enrolment gets the demo's e-mailed receipt. */
export const RECEIPT_CLASS = 'Soccer Fundamentals';

export const SEED_CLASSES: readonly SeedClass[] = [
  // Approved: different enrolment counts, one full (seats 0); some dated, a few with several weekly sessions.
  {
    className: 'Soccer Fundamentals',
    sport: 'soccer',
    instructor: 'jordan@sportify.camp',
    seats: 12,
    price: 120,
    status: 'approved',
    enrolled: 19,
    startsInDays: 21,
    startsAt: '09:00',
    sessions: 6,
  },
  {
    className: 'Basketball Skills Development',
    sport: 'basketball',
    instructor: 'sam@sportify.camp',
    seats: 8,
    price: 135,
    status: 'approved',
    enrolled: 22,
    startsInDays: 14,
    startsAt: '10:30',
    sessions: 4,
  },
  {
    className: 'Tennis Camp',
    sport: 'tennis',
    instructor: 'avery@sportify.camp',
    seats: 0,
    price: 150,
    status: 'approved',
    enrolled: 16,
  },
  {
    className: 'Swimming Lessons',
    sport: 'swimming',
    instructor: 'drew@sportify.camp',
    seats: 10,
    price: 110,
    status: 'approved',
    enrolled: 14,
    startsInDays: 28,
    startsAt: '08:00',
    sessions: 8,
    minAge: 6,
  },
  {
    className: 'Volleyball Clinic',
    sport: 'volleyball',
    instructor: 'jamie@sportify.camp',
    seats: 15,
    price: 95,
    status: 'approved',
    enrolled: 9,
    maxAge: 16,
  },
  {
    className: 'Baseball Skills Camp',
    sport: 'baseball',
    instructor: 'quinn@sportify.camp',
    seats: 6,
    price: 125,
    status: 'approved',
    enrolled: 11,
  },
  {
    className: 'Track and Field Athletics',
    sport: 'athletics',
    instructor: 'jordan@sportify.camp',
    seats: 20,
    price: 85,
    status: 'approved',
    enrolled: 7,
    startsInDays: 35,
    startsAt: '16:00',
    minAge: 8,
    maxAge: 12,
  },
  {
    className: 'Gymnastics Basics',
    sport: 'gymnastics',
    instructor: 'avery@sportify.camp',
    seats: 9,
    price: 140,
    status: 'approved',
    enrolled: 5,
  },
  {
    className: 'Badminton Rally School',
    sport: 'badminton',
    instructor: 'sam@sportify.camp',
    seats: 14,
    price: 70,
    status: 'approved',
    enrolled: 3,
    startsInDays: 10,
    startsAt: '17:30',
    sessions: 5,
    minAge: 12,
    maxAge: 17,
  },
  // Waiting for review.
  {
    className: 'Road Cycling Club',
    sport: 'cycling',
    instructor: 'drew@sportify.camp',
    seats: 12,
    price: 90,
    status: 'pending',
    enrolled: 0,
    startsInDays: 42,
    startsAt: '07:00',
    sessions: 3,
  },
  {
    className: 'Table Tennis Spin School',
    sport: 'table-tennis',
    instructor: 'jamie@sportify.camp',
    seats: 16,
    price: 60,
    status: 'pending',
    enrolled: 0,
  },
  {
    className: 'Martial Arts Discipline',
    sport: 'martial-arts',
    instructor: 'quinn@sportify.camp',
    seats: 10,
    price: 115,
    status: 'pending',
    enrolled: 0,
  },
  // Denied, one with the admin's feedback.
  {
    className: 'Open Water Rowing',
    sport: 'rowing',
    instructor: 'jordan@sportify.camp',
    seats: 8,
    price: 160,
    status: 'denied',
    enrolled: 0,
    feedback: 'Please add a safety boat and a certified lifeguard to the plan, then submit the class again.',
  },
  {
    className: 'Indoor Climbing Intro',
    sport: 'climbing',
    instructor: 'sam@sportify.camp',
    seats: 10,
    price: 100,
    status: 'denied',
    enrolled: 0,
  },
  // The longest values the dashboards' tables must hold (a long name, a price with cents, eight dated sessions),
  // listed last so it is the demo instructor's newest class. Few students, so the popular lists stay as they are.
  {
    className: LONG_CLASS,
    sport: 'swimming',
    instructor: 'jordan@sportify.camp',
    seats: 9,
    price: 249.99,
    status: 'approved',
    enrolled: 3,
    startsInDays: 45,
    startsAt: '07:30',
    sessions: 8,
    minAge: 10,
    maxAge: 17,
  },
];

export const personPhotoUrl = (assetBaseUrl: string, p: Pick<SeedPerson, 'photo'>) =>
  `${assetBaseUrl}/images/people/${p.photo}.svg`;
export const classImageUrl = (assetBaseUrl: string, c: Pick<SeedClass, 'sport'>) =>
  `${assetBaseUrl}/images/classes/${c.sport}.svg`;

/** Students waiting for a seat of a full class, in the order they joined (the demo of the waitlist). */
export const SEED_WAITLIST: { className: string; students: string[] }[] = [
  { className: 'Tennis Camp', students: ['mia@sportify.camp', 'noah@sportify.camp'] },
];

/**
 * The demo student's family: campers of different ages, the youngest with an allergy note; `enrolledIn` is the class
 * a camper is enrolled in (`attendance`: its roster has the first session's attendance taken; `refunded`: dollars
 * given back by a partial refund), `selected` a class chosen and not paid yet. The third camper has the longest
 * name the dashboards' tables must hold.
 */
export interface SeedCamper {
  name: string;
  ageYears: number;
  notes: string;
  enrolledIn?: string;
  attendance?: boolean;
  refunded?: number;
  selected?: string;
}

export const SEED_FAMILY: {
  account: string;
  emergencyContact: string;
  emergencyPhone: string;
  campers: readonly SeedCamper[];
  takenBy: string;
} = {
  account: 'mia@sportify.camp',
  emergencyContact: 'Mia Chen',
  emergencyPhone: '+1 555 010 0199',
  campers: [
    {
      name: 'Lily Chen',
      ageYears: 9,
      notes: 'Peanut allergy: carries an EpiPen',
      enrolledIn: 'Track and Field Athletics',
      attendance: true,
    },
    { name: 'Ethan Chen', ageYears: 13, notes: '', selected: LONG_CLASS },
    {
      name: 'Maximilian Featherstonehaugh Chen',
      ageYears: 12,
      notes: 'Asthma: uses his inhaler before swimming. Mild lactose intolerance.',
      enrolledIn: LONG_CLASS,
      refunded: 50,
      selected: 'Badminton Rally School',
    },
  ],
  takenBy: 'jordan@sportify.camp',
};
