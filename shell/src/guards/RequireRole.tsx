import { Navigate, Outlet } from '@sportify/shared-ui/router';
import { selectSession, Spinner, useAppSelector, type Role } from '@sportify/shared-ui';
import { guardRedirect } from './access';

/** Admin / instructor guard: users without the role go to /; a spinner while the role is being derived. */
export function RequireRole({ role }: { role: Role }) {
  const to = guardRedirect(useAppSelector(selectSession), role);
  if (to === 'wait') return <Spinner label="Checking your access" />;
  if (to) return <Navigate to={to} replace />;
  return <Outlet />;
}
