import type { ComponentType, ReactNode } from 'react';
import { AppProviders, type AppStore } from '@sportify/shared-ui';
import { AuthServiceProvider } from './auth/AuthServiceContext';
import type { AuthService } from './auth/authService';
import { RemoteRegistryProvider } from './federation/RemoteRegistryContext';
import type { RemoteRegistry } from './federation/remoteRegistry';
import { AppRoutes, NavigationBridge } from './routes/AppRoutes';
import { RouteTableProvider, type RouteTable } from './routes/liveRoutes';

export interface AppProps {
  store: AppStore;
  /** BrowserRouter on the page; tests pass a MemoryRouter at their URL. */
  Router: ComponentType<{ children: ReactNode }>;
  auth: AuthService;
  remotes: RemoteRegistry;
  /** The live route table (config.json's routes, followed while the page is open). */
  routes: RouteTable;
}

/** The whole shell: providers around the router. Everything external is passed in (tests pass fakes). */
export function App({ store, Router, auth, remotes, routes }: AppProps) {
  return (
    <AppProviders store={store}>
      <AuthServiceProvider value={auth}>
        <RemoteRegistryProvider value={remotes}>
          <RouteTableProvider value={routes}>
            <Router>
              <NavigationBridge />
              <AppRoutes />
            </Router>
          </RouteTableProvider>
        </RemoteRegistryProvider>
      </AuthServiceProvider>
    </AppProviders>
  );
}
