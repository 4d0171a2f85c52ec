// The router APIs the front ends use, re-exported here and shared as '@sportify/shared-ui/router'.
// Shared as a whole package, react-router-dom ships every export (about 63 KB gzipped) because a shared module
// cannot know what its consumers use; behind this list webpack keeps only what is named. The declarative router
// (BrowserRouter + useRoutes) is 12.8 KB of it; createBrowserRouter/RouterProvider would add the data router's
// loaders, actions and fetchers, which nothing here uses (29 KB in all).
// Add a name here when a screen needs one (and ship the shell with it before the remote that uses it: the page runs
// the shell's copy of this list); importing 'react-router-dom' directly in app code would bundle a second
// router with its own context (the shared-library journey in e2e/tests/shell.spec.ts fails if that happens).
export {
  BrowserRouter,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  renderMatches,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
} from 'react-router-dom';
export type { LoaderFunction, Location, NavLinkProps, Params, RouteMatch, RouteObject } from 'react-router-dom';
