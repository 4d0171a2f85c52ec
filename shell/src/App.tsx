import { RouterProvider, type createBrowserRouter } from '@sportify/shared-ui/router';
import { AppProviders, type AppStore } from '@sportify/shared-ui';
import { AuthServiceProvider } from './auth/AuthServiceContext';
import type { AuthService } from './auth/authService';
import { RemoteRegistryProvider } from './federation/RemoteRegistryContext';
import type { RemoteRegistry } from './federation/remoteRegistry';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
  auth: AuthService;
  remotes: RemoteRegistry;
}

/** The whole shell: providers around the router. Everything external is passed in (tests pass fakes). */
export function App({ store, router, auth, remotes }: AppProps) {
  return (
    <AppProviders store={store}>
      <AuthServiceProvider value={auth}>
        <RemoteRegistryProvider value={remotes}>
          <RouterProvider router={router} />
        </RemoteRegistryProvider>
      </AuthServiceProvider>
    </AppProviders>
  );
}
