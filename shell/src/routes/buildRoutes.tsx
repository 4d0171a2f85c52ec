import type { RouteObject } from '@sportify/shared-ui/router';
import type { ScreenAccess, ScreenRoute } from '@sportify/platform/screens';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { RequireAuth } from '../guards/RequireAuth';
import { RequireRole } from '../guards/RequireRole';
import { Layout } from '../layout/Layout';
import { ShellPage } from '../pages/shellPages';
import { RemotePage } from './RemotePage';
import { UnmatchedPath } from './UnmatchedPath';

/**
 * The router tree of docs/product.md §2 from the live route table (the remotes' declared screens) and the shell's
 * own Login, Register and Page not found. Shared by the app and the tests.
 */
export function buildRoutes(routes: readonly ScreenRoute[]): RouteObject[] {
  // `key` per path: each route gets its own error boundary state (a broken area does not follow you).
  const byAccess = (access: ScreenAccess): RouteObject[] =>
    routes
      .filter((route) => route.access === access)
      .map((route) => ({ path: route.path, element: <RemotePage key={route.path} route={route} /> }));
  return [
    {
      element: <Layout />,
      children: [
        ...byAccess('public'),
        { path: '/login', element: <ShellPage path="/login" /> },
        { path: '/register', element: <ShellPage path="/register" /> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <DashboardLayout />,
              children: [
                ...byAccess('signedIn'),
                { element: <RequireRole role="admin" />, children: byAccess('admin') },
                { element: <RequireRole role="instructor" />, children: byAccess('instructor') },
              ],
            },
          ],
        },
        { path: '*', element: <UnmatchedPath /> },
      ],
    },
  ];
}
