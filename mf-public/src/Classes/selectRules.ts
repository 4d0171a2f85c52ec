import type { PublicClass, SessionState } from '@sportify/shared-ui';

/** Who is looking at the classes, as far as selecting goes. */
export type Viewer =
  | { kind: 'loading' }
  | { kind: 'visitor' }
  /** Admins and instructors never select (docs/product.md §4); their calls to student routes would be refused. */
  | { kind: 'staff'; role: 'admin' | 'instructor' }
  | { kind: 'student'; email: string };

export function viewerOf({ status, user, role }: SessionState): Viewer {
  if (status === 'loading') return { kind: 'loading' };
  if (status === 'signedOut' || !user) return { kind: 'visitor' };
  if (role === 'admin' || role === 'instructor') return { kind: 'staff', role };
  return { kind: 'student', email: user.email };
}

/** What a class's Select button does, and why not when it is disabled. */
export type SelectState =
  'available' | 'signIn' | 'checking' | 'staff' | 'full' | 'selected' | 'enrolled' | 'selecting';

export interface StudentClasses {
  /** False while the student's selections and payments of this class are still loading. */
  known: (classId: string) => boolean;
  selected: ReadonlySet<string>;
  enrolled: ReadonlySet<string>;
  /** The class whose select call is in flight. */
  pendingId: string | null;
}

/**
 * docs/product.md §4: Select is disabled for admins, instructors, full classes (0 seats) and classes the student has
 * already selected; a class already paid for counts as chosen too.
 */
export function selectState(
  item: Pick<PublicClass, '_id' | 'seats'>,
  viewer: Viewer,
  mine: StudentClasses,
): SelectState {
  if (viewer.kind === 'staff') return 'staff';
  if (viewer.kind === 'student' && mine.enrolled.has(item._id)) return 'enrolled';
  if (viewer.kind === 'student' && mine.selected.has(item._id)) return 'selected';
  if (item.seats <= 0) return 'full';
  if (viewer.kind === 'loading' || (viewer.kind === 'student' && !mine.known(item._id))) return 'checking';
  if (mine.pendingId === item._id) return 'selecting';
  return viewer.kind === 'visitor' ? 'signIn' : 'available';
}

export const SELECT_LABEL: Record<SelectState, string> = {
  available: 'Select',
  signIn: 'Select',
  checking: 'Select',
  staff: 'Select',
  full: 'Select',
  selecting: 'Select',
  selected: 'Selected',
  enrolled: 'Enrolled',
};

export const selectEnabled = (state: SelectState) => state === 'available' || state === 'signIn';
