import { Navigate, Outlet } from '@sportify/shared-ui/router';
import type { ScreenRole } from '@sportify/platform/screens';
import { selectSession, Spinner, useAppSelector } from '@sportify/shared-ui';
import { guardRedirect } from './access';

/** Role guard (admin, instructor, or either): users without one go to /; a spinner while the role is derived. */
export function RequireRole({ roles }: { roles: readonly ScreenRole[] }) {
  const to = guardRedirect(useAppSelector(selectSession), roles);
  if (to === 'wait') return <Spinner label="Checking your access" />;
  if (to) return <Navigate to={to} replace />;
  return <Outlet />;
}
