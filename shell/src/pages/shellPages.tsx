import { Suspense, use, useState, type ComponentType } from 'react';
import { Spinner } from '@sportify/shared-ui';
import { AreaUnavailable } from '../routes/AreaUnavailable';
import { RemoteErrorBoundary } from '../routes/RemoteErrorBoundary';

/**
 * Login and Register (with their forms, validation and Google button) load when one of them is opened, not with
 * every page: a visitor's first view of any other screen does not carry them.
 */
const PAGES = {
  '/login': () => import(/* webpackChunkName: "sign-in" */ './Login/LoginPage').then((m) => m.LoginPage),
  '/register': () => import(/* webpackChunkName: "sign-in" */ './Register/RegisterPage').then((m) => m.RegisterPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type ShellPagePath = keyof typeof PAGES;

interface Loaded {
  Page: ComponentType;
}
const loading = new Map<ShellPagePath, Promise<Loaded>>();
const loaded = new Map<ShellPagePath, Loaded>();

const isShellPage = (path: string): path is ShellPagePath => Object.hasOwn(PAGES, path);

/**
 * Starts loading the shell page at `pathname` (none for any other path). The page server's render and the browser's
 * hydration wait for it, so their first render shows the page rather than its loading state.
 */
export function loadShellPage(pathname: string): Promise<Loaded> | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (!isShellPage(path)) return undefined;
  let pending = loading.get(path);
  if (!pending) {
    pending = PAGES[path]().then((Page) => {
      const page = { Page };
      loaded.set(path, page);
      return page;
    });
    // A failed load (network) is tried again on the next render, e.g. from Retry.
    pending.catch(() => loading.delete(path));
    loading.set(path, pending);
  }
  return pending;
}

function LoadedPage({ path }: { path: ShellPagePath }) {
  const { Page } = loaded.get(path) ?? use(loadShellPage(path)!);
  return <Page />;
}

/** The shell's own page at `path`, with a loading state and, should its code not load, the area's Retry panel. */
export function ShellPage({ path }: { path: ShellPagePath }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary key={attempt} fallback={() => <AreaUnavailable onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense fallback={<Spinner label="Loading page" />}>
        <LoadedPage path={path} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
