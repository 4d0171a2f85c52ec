import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { AppProviders } from '../components/AppProviders';
import { makeStore } from '../store/store';

const DevBar = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.primaryDark};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

function Screens({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export interface StandaloneRoute {
  path: string;
  element: ReactElement;
}

/**
 * Runs a remote on its own (its dev server, no shell): a fresh store, a router with the remote's screens at
 * their real paths and a small bar linking them. The API URL is DEV_RUNTIME_CONFIG's; put a token under
 * `access-token` in localStorage to call signed-in endpoints.
 */
export function renderStandalone(remoteName: string, routes: StandaloneRoute[]): void {
  const store = makeStore();
  const links = routes.filter((route) => !route.path.includes(':'));
  const table: RouteObject[] = [
    {
      path: '/',
      element: routes.find((route) => route.path === '/')?.element ?? <p>{remoteName}: pick a screen above.</p>,
    },
    ...routes.filter((route) => route.path !== '/'),
  ];
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <DevBar aria-label={`${remoteName} screens`}>
          <strong>{remoteName} (standalone)</strong>
          {links.map((route) => (
            <a key={route.path} href={route.path}>
              {route.path}
            </a>
          ))}
        </DevBar>
        <BrowserRouter>
          <Screens routes={table} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
