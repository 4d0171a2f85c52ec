import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Overrides } from '@sportify/platform/config';
import { AppProviders, type AppStore } from '@sportify/shared-ui';
import { AuthServiceProvider } from './auth/AuthServiceContext';
import type { AuthService } from './auth/authService';
import { RemoteRegistryProvider } from './federation/RemoteRegistryContext';
import type { RemoteRegistry } from './federation/remoteRegistry';
import type { Telemetry } from './federation/telemetry';
import { TelemetryProvider } from './federation/TelemetryContext';
import { OverridesProvider } from './layout/OverrideBadge/OverrideBadge';
import { AppRoutes, NavigationBridge } from './routes/AppRoutes';
import { RouteTableProvider, type RouteTable } from './routes/liveRoutes';
import type { ResolvedMatch } from './routes/resolvedRoute';

export interface AppProps {
  store: AppStore;
  /** BrowserRouter on the page; tests pass a MemoryRouter at their URL. */
  Router: ComponentType<{ children: ReactNode }>;
  auth: AuthService;
  remotes: RemoteRegistry;
  /** The live route table (config.json's routes, followed while the page is open). */
  routes: RouteTable;
  /** Remotes this browser loads from elsewhere (config.json's overrides), shown by the override badge. */
  overrides?: Overrides;
  /** Reports the remotes' render errors (the browser's; none on the server). */
  telemetry?: Telemetry;
  /** The route the server render resolved the page to (its render and the browser's hydration show it as is). */
  resolved?: readonly ResolvedMatch[];
}

/** The whole shell: providers around the router. Everything external is passed in (tests pass fakes). */
export function App({ store, Router, auth, remotes, routes, overrides = NO_OVERRIDES, telemetry, resolved }: AppProps) {
  return (
    <AppProviders store={store}>
      <AuthServiceProvider value={auth}>
        <RemoteRegistryProvider value={remotes}>
          <TelemetryProvider value={telemetry ?? null}>
            <RouteTableProvider value={routes}>
              <OverridesProvider value={overrides}>
                <Router>
                  <NavigationBridge />
                  <UntilInteractive>
                    <AppRoutes resolved={resolved} />
                  </UntilInteractive>
                </Router>
              </OverridesProvider>
            </RouteTableProvider>
          </TelemetryProvider>
        </RemoteRegistryProvider>
      </AuthServiceProvider>
    </AppProviders>
  );
}

const NO_OVERRIDES: Overrides = {};

// A fieldset without a box of its own: it only lends its disabled state to the controls inside.
const ControlsGate = styled.fieldset`
  display: contents;
`;

const noSubscription = () => () => undefined;

/**
 * The server's page shows every button and field disabled until the browser has taken the page over: a click or a
 * keystroke before that would be lost, and a form would submit natively (its fields in the URL). Links keep
 * working, since the page they open is rendered on the server too. (The server's snapshot is used while hydrating,
 * the browser's right after; a page rendered in the browser starts interactive.) Marks 'sportify-hydrated' for the
 * benchmarks.
 */
function UntilInteractive({ children }: { children: ReactNode }) {
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useEffect(() => {
    performance.mark?.('sportify-hydrated');
  }, []);
  return <ControlsGate disabled={!interactive}>{children}</ControlsGate>;
}
