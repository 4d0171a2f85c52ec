import type { SessionRole } from '@sportify/shared-ui';
import type { RemoteName } from '../federation/remoteRegistry';

/** Who may open a route (docs/product.md §2); admin/instructor routes also require being signed in. */
export type Access = 'public' | 'signedIn' | 'admin' | 'instructor';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module name without './' (CONVENTIONS.md). */
  module: string;
  access: Access;
  /** Page part of the title 'Sportify Camp || <page>'. */
  title: string;
  /** Side-menu entry of the dashboard layout, for the listed roles. */
  menu?: { label: string; roles: SessionRole[] };
  /** Public API reads the screen makes first; fetched in parallel with its code on a cold load. */
  prefetch?: string[];
}

/** The spec's route table as data: every remote screen, who may see it and where it sits in the dashboard. */
export const remoteRoutes: RemoteRoute[] = [
  {
    path: '/',
    remote: 'mf_public',
    module: 'Home',
    access: 'public',
    title: 'Home',
    prefetch: ['/classes/popular', '/users/popular', '/users/admin'],
  },
  {
    path: '/instructors',
    remote: 'mf_public',
    module: 'Instructors',
    access: 'public',
    title: 'Instructors',
    prefetch: ['/instructors?limit=24'],
  },
  {
    path: '/classes',
    remote: 'mf_public',
    module: 'Classes',
    access: 'public',
    title: 'Classes',
    prefetch: ['/classes?limit=24', '/instructors?limit=60'],
  },
  {
    path: '/dashboard/selected-classes',
    remote: 'mf_student',
    module: 'SelectedClasses',
    access: 'signedIn',
    title: 'My Selected Classes',
    menu: { label: 'My Selected Classes', roles: ['student'] },
  },
  {
    path: '/dashboard/enrolled-classes',
    remote: 'mf_student',
    module: 'EnrolledClasses',
    access: 'signedIn',
    title: 'My Enrolled Classes',
    menu: { label: 'My Enrolled Classes', roles: ['student'] },
  },
  { path: '/dashboard/payment/:id', remote: 'mf_student', module: 'Payment', access: 'signedIn', title: 'Payment' },
  {
    path: '/dashboard/all-users',
    remote: 'mf_admin',
    module: 'ManageUsers',
    access: 'admin',
    title: 'Manage Users',
    menu: { label: 'Manage Users', roles: ['admin'] },
  },
  {
    path: '/dashboard/all-classes',
    remote: 'mf_admin',
    module: 'ManageClasses',
    access: 'admin',
    title: 'Manage Classes',
    menu: { label: 'Manage Classes', roles: ['admin'] },
  },
  {
    path: '/dashboard/payments',
    remote: 'mf_admin',
    module: 'Payments',
    access: 'admin',
    title: 'Payments',
    menu: { label: 'Payments', roles: ['admin'] },
  },
  { path: '/dashboard/feedback/:id', remote: 'mf_admin', module: 'Feedback', access: 'admin', title: 'Feedback' },
  {
    path: '/dashboard/platform-status',
    remote: 'mf_admin',
    module: 'PlatformStatus',
    access: 'admin',
    title: 'Platform Status',
    menu: { label: 'Platform Status', roles: ['admin'] },
  },
  {
    path: '/dashboard/add-class',
    remote: 'mf_instructor',
    module: 'AddClass',
    access: 'instructor',
    title: 'Add A Class',
    menu: { label: 'Add A Class', roles: ['instructor'] },
  },
  {
    path: '/dashboard/my-classes',
    remote: 'mf_instructor',
    module: 'MyClasses',
    access: 'instructor',
    title: 'My Classes',
    menu: { label: 'My Classes', roles: ['instructor'] },
  },
  {
    path: '/dashboard/update-class/:id',
    remote: 'mf_instructor',
    module: 'UpdateClass',
    access: 'instructor',
    title: 'Update Class',
  },
];

/** The remote route a link points at (exact path, no params), for preloading on hover/focus. */
export function findRemoteRoute(pathname: string): RemoteRoute | undefined {
  return remoteRoutes.find((route) => route.path === pathname);
}

/** Dashboard side-menu entries for a role, in table order. */
export function dashboardMenu(role: SessionRole): Array<{ to: string; label: string }> {
  return remoteRoutes
    .filter((route) => route.menu?.roles.includes(role))
    .map((route) => ({ to: route.path, label: route.menu!.label }));
}
