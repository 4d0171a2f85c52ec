import { Navigate, Outlet, useLocation } from '@sportify/shared-ui/router';
import { selectSessionStatus, Spinner, useAppSelector } from '@sportify/shared-ui';

/** Signed-in guard: visitors go to /login, remembering where they came from (state.from). */
export function RequireAuth() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session" />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
