import { act, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { makeStore, type SessionState } from '@sportify/shared-ui';
import { assembleRoutes, routeTableVersion, SHELL_PATHS, type ScreenDeclaration } from '@sportify/platform/screens';
import { App } from '../App';
import type { AuthAccount, AuthService } from '../auth/authService';
import { startSessionSync } from '../auth/sessionSync';
import { createRemoteRegistry, type RemoteRegistryDeps } from '../federation/remoteRegistry';
import type { Telemetry } from '../federation/telemetry';
import { createRouteTable, type LiveRoutes, type RouteTable } from '../routes/liveRoutes';

/** What a remote's src/screens.json declares. */
export const declaredScreens = (pkg: string): ScreenDeclaration[] =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../..', pkg, 'src/screens.json'), 'utf8'));

/** The site's route table as the four remotes' own screens.json declare it (what config.json serves). */
export function siteRoutes(extra: Record<string, ScreenDeclaration[]> = {}): LiveRoutes {
  const routes = assembleRoutes(
    {
      mf_public: declaredScreens('mf-public'),
      mf_student: declaredScreens('mf-student'),
      mf_instructor: declaredScreens('mf-instructor'),
      mf_admin: declaredScreens('mf-admin'),
      ...extra,
    },
    SHELL_PATHS,
  );
  return { routes, routesVersion: routeTableVersion(routes), remotes: {} };
}

/** A route table that stays as the site's declares it (a test passes its own to play a promote). */
export const fixedRouteTable = (table = siteRoutes()): RouteTable =>
  createRouteTable({ initial: table, latest: async () => table });

export const signedOutSession: SessionState = { status: 'signedOut', user: null, role: null };

export const studentSession: SessionState = {
  status: 'signedIn',
  user: {
    email: 'mia@sportify.camp',
    displayName: 'Mia Chen',
    photoURL: 'http://localhost:3000/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/960.jpg',
  },
  role: 'student',
};

export type FakeAuth = AuthService & { emit(account: AuthAccount | null): void };

/** An AuthService double: jest.fn methods; `emit` plays the provider reporting a sign-in or sign-out. */
export function fakeAuth(overrides: Partial<AuthService> = {}): FakeAuth {
  const listeners = new Set<(account: AuthAccount | null) => void>();
  return {
    prepare: jest.fn(),
    signInWithEmail: jest.fn().mockResolvedValue(undefined),
    resendVerification: jest.fn().mockResolvedValue(undefined),
    signInWithGoogle: jest.fn(),
    register: jest.fn(),
    signOut: jest.fn().mockResolvedValue(undefined),
    onAccountChange: jest.fn((listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    emit: (account) => listeners.forEach((listener) => listener(account)),
    ...overrides,
  };
}

/** A loader whose remote screens render their module name as a heading. */
export const workingRemotes: RemoteRegistryDeps = {
  load: async (remote, module) => ({ default: () => <h2>{`${remote}/${module} screen`}</h2> }),
};

interface Options {
  path?: string;
  session?: SessionState;
  remotes?: RemoteRegistryDeps;
  auth?: FakeAuth;
  /** Run the real session sync (token exchange, role checks) against the mocked API. */
  syncSession?: boolean;
  routes?: RouteTable;
  /** config.json's overrides (remotes this browser loads from elsewhere). */
  overrides?: Record<string, string>;
  telemetry?: Telemetry;
}

/**
 * The real shell (routes, guards, layout) with fake auth and remote loading, at a given URL; `location()` is where
 * the app is now. Rendered inside act so
 * lazy remote screens that resolve at once settle before the test looks.
 */
export async function renderApp({
  path = '/',
  session = signedOutSession,
  remotes = workingRemotes,
  auth = fakeAuth(),
  syncSession = false,
  routes = fixedRouteTable(),
  overrides,
  telemetry,
}: Options = {}) {
  const store = makeStore({ session });
  if (syncSession) startSessionSync(auth, store.dispatch);
  let current: Location | null = null;
  const Probe = () => {
    current = useLocation();
    return null;
  };
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      {children}
    </MemoryRouter>
  );
  const registry = createRemoteRegistry(remotes);
  const view = await act(async () =>
    render(
      <App
        store={store}
        Router={Router}
        auth={auth}
        remotes={registry}
        routes={routes}
        overrides={overrides}
        telemetry={telemetry}
      />,
    ),
  );
  const location = (): Location => current!;
  return { ...view, store, location, auth, routes };
}
