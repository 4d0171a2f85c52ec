import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { AppProviders } from '../components/AppProviders';
import type { ScreenDeclaration } from '@sportify/platform/screens';
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

/** What the dev bar and router need of a screen the remote declares in its screens.json. */
export type StandaloneScreen = Pick<ScreenDeclaration, 'path' | 'module' | 'title'>;

/**
 * Runs a remote on its own (its dev server, no shell): a fresh store, a router with the screens its screens.json
 * declares at their real paths and a small bar linking them. `modules` are the exposed components by module name.
 * The API URL is DEV_RUNTIME_CONFIG's; put a token under `access-token` in localStorage to call signed-in
 * endpoints.
 */
export function renderStandalone(
  remoteName: string,
  screens: readonly StandaloneScreen[],
  modules: Readonly<Record<string, ComponentType>>,
): void {
  const routes: RouteObject[] = screens.map(({ path, module }) => {
    const Screen = modules[module];
    if (!Screen) throw new Error(`${remoteName}: screens.json declares ${module}, which bootstrap.tsx does not pass`);
    return { path, element: <Screen /> };
  });
  const store = makeStore();
  const links = screens.filter((screen) => !screen.path.includes(':'));
  const table: RouteObject[] = routes.some((route) => route.path === '/')
    ? routes
    : [{ path: '/', element: <p>{remoteName}: pick a screen above.</p> }, ...routes];
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <DevBar aria-label={`${remoteName} screens`}>
          <strong>{remoteName} (standalone)</strong>
          {links.map((screen) => (
            <a key={screen.path} href={screen.path}>
              {screen.title}
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
