import { Component, lazy, StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { AppProviders } from '../components/AppProviders';
import { Spinner } from '../components/Spinner';
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
 * The modules a remote exposes, by module name, each imported when first called: what its build gives the
 * standalone start-up as `virtual:exposed-modules` (@sportify/build).
 */
export type ExposedModules = Readonly<Record<string, () => Promise<{ default: ComponentType }>>>;

/** A screen that fails to load or render says so in its place, with the reason (the dev server shows no overlay). */
class ScreenFailure extends Component<{ what: string; children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <p role="alert">
        {this.props.what} could not be shown: {error.message}
      </p>
    );
  }
}

/**
 * Runs a remote on its own (its dev server, no shell): a fresh store, a router with the screens its screens.json
 * declares at their real paths and a small bar linking them. `modules` are the modules its federation config
 * exposes, by name; each screen's is loaded when the screen is first shown. The API URL is DEV_RUNTIME_CONFIG's.
 * There is no sign-in: the session stays loading, so screens for signed-in users show their loading state.
 */
export function renderStandalone(
  remoteName: string,
  screens: readonly StandaloneScreen[],
  modules: ExposedModules,
): void {
  const loaded = new Map<string, ComponentType>();
  const routes: RouteObject[] = screens.map(({ path, module, title }) => {
    const load = modules[module];
    if (!load)
      throw new Error(`${remoteName}: screens.json declares ${module}, which federation.config.js does not expose`);
    if (!loaded.has(module)) loaded.set(module, lazy(load));
    const Screen = loaded.get(module) as ComponentType;
    return {
      path,
      element: (
        <ScreenFailure what={`${remoteName}: ${module}`}>
          <Suspense fallback={<Spinner label={`Loading ${title}`} />}>
            <Screen />
          </Suspense>
        </ScreenFailure>
      ),
    };
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
