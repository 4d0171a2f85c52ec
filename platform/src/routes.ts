// Where the site's screens are: every link to a screen (the navbar, the screens, the e-mails) is built here, so a
// screen that moves is changed once. Each path is one a remote's screens.json declares (platform/test checks it).

/** A session's role (a signed-in user with neither role is a student). */
export type Role = 'student' | 'instructor' | 'admin';

const id = (value: string) => encodeURIComponent(value);

export const routes = {
  home: '/',
  instructors: '/instructors',
  classes: '/classes',
  login: '/login',
  // Students
  selectedClasses: '/dashboard/selected-classes',
  enrolledClasses: '/dashboard/enrolled-classes',
  family: '/dashboard/family',
  payment: (selectionId: string) => `/dashboard/payment/${id(selectionId)}`,
  // Instructors (and, for a roster, the admins)
  addClass: '/dashboard/add-class',
  myClasses: '/dashboard/my-classes',
  updateClass: (classId: string) => `/dashboard/update-class/${id(classId)}`,
  roster: (classId: string) => `/dashboard/roster/${id(classId)}`,
  // Admins
  allUsers: '/dashboard/all-users',
  allClasses: '/dashboard/all-classes',
  payments: '/dashboard/payments',
  feedback: (classId: string) => `/dashboard/feedback/${id(classId)}`,
  platformStatus: '/dashboard/platform-status',
} as const;

/** The navbar's Dashboard link per role (docs/product.md §2). */
export function dashboardHome(role: Role | null): string {
  if (role === 'admin') return routes.allUsers;
  if (role === 'instructor') return routes.addClass;
  return routes.selectedClasses;
}
