import type { ComponentType, ReactNode } from 'react';
import { AppProviders, type AppStore } from '@sportify/shared-ui';
import { AuthServiceProvider } from './auth/AuthServiceContext';
import type { AuthService } from './auth/authService';
import { RemoteRegistryProvider } from './federation/RemoteRegistryContext';
import type { RemoteRegistry } from './federation/remoteRegistry';
import { AppRoutes, NavigationBridge } from './routes/AppRoutes';

export interface AppProps {
  store: AppStore;
  /** BrowserRouter on the page; tests pass a MemoryRouter at their URL. */
  Router: ComponentType<{ children: ReactNode }>;
  auth: AuthService;
  remotes: RemoteRegistry;
}

/** The whole shell: providers around the router. Everything external is passed in (tests pass fakes). */
export function App({ store, Router, auth, remotes }: AppProps) {
  return (
    <AppProviders store={store}>
      <AuthServiceProvider value={auth}>
        <RemoteRegistryProvider value={remotes}>
          <Router>
            <NavigationBridge />
            <AppRoutes />
          </Router>
        </RemoteRegistryProvider>
      </AuthServiceProvider>
    </AppProviders>
  );
}
