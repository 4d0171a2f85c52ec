import { Navigate, Outlet } from '@sportify/shared-ui/router';
import { selectSession, Spinner, useAppSelector, type Role } from '@sportify/shared-ui';

/** Admin / instructor guard: users without the role go to /; a spinner while the role is being derived. */
export function RequireRole({ role }: { role: Role }) {
  const session = useAppSelector(selectSession);
  if (session.status === 'loading') return <Spinner label="Checking your access" />;
  if (session.role !== role) return <Navigate to="/" replace />;
  return <Outlet />;
}
