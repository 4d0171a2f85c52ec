// The router APIs the front ends use, re-exported here and shared as '@sportify/shared-ui/router'.
// Shared as a whole package, react-router-dom ships every export (about 63 KB gzipped) because a shared module
// cannot know what its consumers use; behind this list webpack keeps only what is named (about 30 KB).
// Add a name here when a screen needs one (and ship the shell with it before the remote that uses it: the page runs
// the shell's copy of this list); importing 'react-router-dom' directly in app code would bundle a second
// router with its own context (src/router.test.ts fails the build's tests if that happens).
export {
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom';
export type { Location, NavLinkProps, RouteObject } from 'react-router-dom';
