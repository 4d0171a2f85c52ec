import type { Role, SessionState } from '@sportify/shared-ui';

/** What a guarded area needs: any signed-in user, or one role. */
export type AreaNeed = 'signedIn' | Role;

/**
 * Where a session goes instead of a guarded area: `/login` for a visitor, `/` for a user without the role, null to
 * let it in, 'wait' while the session is still being resumed. The browser's guards and the server render's route
 * loaders both decide by it (the API decides again for every call).
 */
export function guardRedirect(
  session: Pick<SessionState, 'status' | 'role'>,
  need: AreaNeed,
): '/login' | '/' | 'wait' | null {
  if (session.status === 'loading') return 'wait';
  if (session.status === 'signedOut') return '/login';
  return need === 'signedIn' || session.role === need ? null : '/';
}
