// Where the site's screens are: every link to a screen (the navbar, the screens, the e-mails) is built here, so a
// screen that moves is changed once. Each path is one a remote's screens.json declares (platform/test checks it).

/** A session's role (a signed-in user with neither role is a student). */
export type Role = 'student' | 'instructor' | 'admin';

const id = (value: string) => encodeURIComponent(value);
// The Dashboard links are constants of their own, so a bundle that needs only dashboardHome (the shell's navbar)
// does not carry the whole table.
const allUsers = '/dashboard/all-users';
const addClass = '/dashboard/add-class';
const selectedClasses = '/dashboard/selected-classes';

export const routes = {
  home: '/',
  instructors: '/instructors',
  classes: '/classes',
  login: '/login',
  // Students
  selectedClasses,
  enrolledClasses: '/dashboard/enrolled-classes',
  family: '/dashboard/family',
  payment: (selectionId: string) => `/dashboard/payment/${id(selectionId)}`,
  account: '/dashboard/account',
  balance: (enrolmentId: string) => `/dashboard/balance/${id(enrolmentId)}`,
  // Instructors (and, for a roster, the admins)
  addClass,
  myClasses: '/dashboard/my-classes',
  updateClass: (classId: string) => `/dashboard/update-class/${id(classId)}`,
  roster: (classId: string) => `/dashboard/roster/${id(classId)}`,
  // Admins
  allUsers,
  allClasses: '/dashboard/all-classes',
  payments: '/dashboard/payments',
  discounts: '/dashboard/discounts',
  feedback: (classId: string) => `/dashboard/feedback/${id(classId)}`,
  platformStatus: '/dashboard/platform-status',
} as const;

/** The navbar's Dashboard link per role (docs/product.md §2). */
export function dashboardHome(role: Role | null): string {
  if (role === 'admin') return allUsers;
  if (role === 'instructor') return addClass;
  return selectedClasses;
}
