import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../components/AppProviders';
import { makeStore } from '../store/store';
import type { SessionRole, SessionState } from '../session/sessionSlice';
import { api } from '../api/api';

/** A signed-in session for tests; `role` picks the kind of user. */
export function sessionAs(
  role: SessionRole,
  email = `${role}@sportify.camp`,
  displayName = `Test ${role}`,
): SessionState {
  return { status: 'signedIn', user: { email, displayName, photoURL: null }, role };
}

export const signedOut: SessionState = { status: 'signedOut', user: null, role: null };

interface Options {
  /** The route pattern the screen is mounted at, e.g. '/dashboard/payment/:id'. */
  path?: string;
  /** The URL to open, e.g. '/dashboard/payment/abc'. */
  url?: string;
  session?: SessionState;
  /** Extra routes (e.g. a redirect target) rendered as headings so a test can see where the user went. */
  otherPaths?: string[];
}

/**
 * Renders one screen as the shell would: a fresh store (with the given session), the theme and a memory router.
 * Pair it with `mockApi` to answer the screen's HTTP calls.
 */
export function renderScreen(
  ui: ReactElement,
  { path = '/', url = path, session = signedOut, otherPaths = [] }: Options = {},
) {
  const store = makeStore({ session });
  const routes: RouteObject[] = [
    { path, element: ui },
    ...otherPaths.map((p) => ({ path: p, element: <h1>{`at ${p}`}</h1> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}

/** Clears RTK Query's cache between tests (the api is a module singleton). */
export function resetApi(store: { dispatch: (action: unknown) => unknown }) {
  store.dispatch(api.util.resetApiState());
}
