import { selectSession, useAppSelector } from '@sportify/shared-ui';

export type StudentSession =
  | { kind: 'loading' }
  | { kind: 'student'; email: string; name: string | null }
  /** Admins and instructors see the dashboard layout but have no selections or payments (docs/product.md §6). */
  | { kind: 'notStudent' };

/**
 * Who is asking. The student calls are only made for a signed-in student: an admin's call would be refused with a
 * 403, and the shared client answers every 403 by signing the user out.
 */
export function useStudent(): StudentSession {
  const { status, user, role } = useAppSelector(selectSession);
  if (status !== 'signedIn' || !user) return { kind: 'loading' };
  if (role !== 'student') return { kind: 'notStudent' };
  return { kind: 'student', email: user.email, name: user.displayName };
}
