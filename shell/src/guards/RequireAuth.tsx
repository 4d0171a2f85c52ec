import { Navigate, Outlet, useLocation } from '@sportify/shared-ui/router';
import { selectSession, Spinner, useAppSelector } from '@sportify/shared-ui';
import { guardRedirect } from './access';

/** Signed-in guard: visitors go to /login, remembering where they came from (state.from). */
export function RequireAuth() {
  const to = guardRedirect(useAppSelector(selectSession), 'signedIn');
  const location = useLocation();
  if (to === 'wait') return <Spinner label="Checking your session" />;
  if (to) return <Navigate to={to} replace state={{ from: location }} />;
  return <Outlet />;
}
