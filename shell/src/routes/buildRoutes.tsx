import type { LoaderFunction, RouteObject } from '@sportify/shared-ui/router';
import { accessKey, accessRoles, type ScreenRole, type ScreenRoute } from '@sportify/platform/screens';
import type { ResolvedPage } from '@sportify/platform/render';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { RequireAuth } from '../guards/RequireAuth';
import { RequireRole } from '../guards/RequireRole';
import type { AreaNeed } from '../guards/access';
import { Layout } from '../layout/Layout';
import { ShellPage, type ShellPagePath } from '../pages/shellPages';
import { RemotePage } from './RemotePage';
import { UnmatchedPath } from './UnmatchedPath';

/** What a route's `handle` says of the page it shows (the deepest route of a match has one). */
export interface PageHandle {
  page: ResolvedPage;
  /** The screen, for a remote's route. */
  screen?: ScreenRoute;
}

/**
 * The server render's route loaders: the router runs the ones a URL matches once, side by side, before the page
 * renders. The browser's tree has none (its guards and screens decide and load as they render).
 */
export interface RouteLoaders {
  /** The layout's: the session the page is rendered for. */
  session: LoaderFunction;
  /** A guarded area's: redirects a session that may not see it. */
  guard: (need: AreaNeed) => LoaderFunction;
  /** A remote's screen: loads its code. */
  screen: (route: ScreenRoute) => LoaderFunction;
  /** Login and Register: load their code. */
  shellPage: (path: ShellPagePath) => LoaderFunction;
}

/** A route id per screen: the server's match is handed over by ids, and the browser finds its routes by them. */
export const screenRouteId = (path: string) => `screen:${path}`;

const SHELL_PAGES: ReadonlyArray<{ path: ShellPagePath; title: string }> = [
  { path: '/login', title: 'Login' },
  { path: '/register', title: 'Register' },
];

/**
 * The router tree of docs/product.md §2 from the live route table (the remotes' declared screens) and the shell's
 * own Login, Register and Page not found. Shared by the app, the server render (with its loaders) and the tests.
 */
export function buildRoutes(routes: readonly ScreenRoute[], loaders?: RouteLoaders): RouteObject[] {
  // `key` per path: each route gets its own error boundary state (a broken area does not follow you).
  const screens = (list: readonly ScreenRoute[]): RouteObject[] =>
    list.map((route) => ({
      id: screenRouteId(route.path),
      path: route.path,
      element: <RemotePage key={route.path} route={route} />,
      handle: { page: { path: route.path, title: route.title, remote: route.remote }, screen: route },
      loader: loaders?.screen(route),
    }));
  const byAccess = (access: 'public' | 'signedIn') => screens(routes.filter((route) => route.access === access));
  // One guarded area per set of roles the table names ('role:admin', 'role:admin+instructor').
  const areas = new Map<string, readonly ScreenRole[]>([
    ['admin', ['admin']],
    ['instructor', ['instructor']],
  ]);
  for (const route of routes) {
    const roles = accessRoles(route.access);
    if (roles) areas.set(accessKey(roles), roles);
  }
  const guarded = ([key, roles]: [string, readonly ScreenRole[]]): RouteObject => ({
    id: `role:${key}`,
    element: <RequireRole roles={roles} />,
    loader: loaders?.guard(roles),
    children: screens(
      routes.filter((route) => accessRoles(route.access) && accessKey(accessRoles(route.access)!) === key),
    ),
  });
  return [
    {
      id: 'layout',
      element: <Layout />,
      loader: loaders?.session,
      children: [
        ...byAccess('public'),
        ...SHELL_PAGES.map(({ path, title }) => ({
          id: path,
          path,
          element: <ShellPage path={path} />,
          handle: { page: { path, title } },
          loader: loaders?.shellPage(path),
        })),
        {
          id: 'signed-in',
          element: <RequireAuth />,
          loader: loaders?.guard('signedIn'),
          children: [
            {
              id: 'dashboard',
              element: <DashboardLayout />,
              children: [...byAccess('signedIn'), ...[...areas].map(guarded)],
            },
          ],
        },
        {
          id: 'unmatched',
          path: '*',
          element: <UnmatchedPath />,
          handle: { page: { path: '/*', title: 'Page not found' } },
        },
      ],
    },
  ];
}
