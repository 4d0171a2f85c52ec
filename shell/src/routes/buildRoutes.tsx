import type { RouteObject } from '@sportify/shared-ui/router';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { RequireAuth } from '../guards/RequireAuth';
import { RequireRole } from '../guards/RequireRole';
import { Layout } from '../layout/Layout';
import { LoginPage } from '../pages/Login/LoginPage';
import { NotFoundPage } from '../pages/NotFound/NotFoundPage';
import { RegisterPage } from '../pages/Register/RegisterPage';
import { RemotePage } from './RemotePage';
import { remoteRoutes, type Access, type RemoteRoute } from './routeTable';

// `key` per path: each route gets its own error boundary state (a broken area does not follow you).
const toRoute = (route: RemoteRoute): RouteObject => ({
  path: route.path,
  element: <RemotePage key={route.path} route={route} />,
});

const byAccess = (access: Access) => remoteRoutes.filter((route) => route.access === access).map(toRoute);

/** The router tree of docs/product.md §2, built from the route table. Shared by the app and the tests. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...byAccess('public'),
        { path: '/login', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
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
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
