import { accessRedirect, type ScreenRole } from '@sportify/platform/screens';
import type { SessionState } from '@sportify/shared-ui';

/** What a guarded area needs: any signed-in user, or one of some roles (a screen's `access` in screens.json). */
export type AreaNeed = 'signedIn' | readonly ScreenRole[];

/**
 * Where a session goes instead of a guarded area: `/login` for a visitor, `/` for a user without one of the roles,
 * null to let it in, 'wait' while the session is still being resumed. The browser's guards and the server render's
 * route loaders both decide by it, from the route table (the API decides again for every call).
 */
export function guardRedirect(
  session: Pick<SessionState, 'status' | 'role'>,
  need: AreaNeed,
): '/login' | '/' | 'wait' | null {
  return accessRedirect(need, session);
}
