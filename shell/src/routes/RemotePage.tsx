import { Suspense, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useLocation } from '@sportify/shared-ui/router';
import { isOwnQueryChange, Spinner, usePageTitle } from '@sportify/shared-ui';
import { useRemoteRegistry } from '../federation/RemoteRegistryContext';
import { useTelemetry } from '../federation/TelemetryContext';
import type { ScreenRoute } from '@sportify/platform/screens';
import type { RemoteName } from '../federation/remoteRegistry';
import { AreaUnavailable } from './AreaUnavailable';
import { useRouteTable } from './liveRoutes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

/** One remote screen: loaded on first visit, with a loading state and its own error boundary. */
export function RemotePage({ route }: { route: ScreenRoute }) {
  usePageTitle(route.title);
  const registry = useRemoteRegistry();
  const telemetry = useTelemetry();
  // Bumped by Retry: a fresh boundary and a fresh load.
  const [attempt, setAttempt] = useState(0);
  const loading = <Spinner label="Loading page" />;

  const retry = () => {
    registry.evict(route.remote, route.module);
    setAttempt((n) => n + 1);
  };

  // A failed load reached the boundary too: the runtime's hooks reported it with its phase.
  const reportRender = (error: Error) => {
    if (registry.state(route.remote, route.module)?.status !== 'failed') telemetry?.renderFailed(route.remote, error);
  };

  return (
    <RemoteErrorBoundary key={attempt} onError={reportRender} fallback={() => <AreaUnavailable onRetry={retry} />}>
      {/* For whatever a screen suspends on inside; its own module never suspends (remoteRegistry.ts). */}
      <Suspense fallback={loading}>
        <RemoteScreen remote={route.remote} module={route.module} loading={loading} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** The loaded screen, or `loading` until it is; a failed load is thrown to the error boundary around it. */
function RemoteScreen({ remote, module, loading }: { remote: RemoteName; module: string; loading: ReactNode }) {
  const registry = useRemoteRegistry();
  const table = useRouteTable();
  const [, settled] = useReducer((n: number) => n + 1, 0);
  const state = registry.state(remote, module);
  const pending = !state || state.status === 'loading';
  useEffect(() => {
    if (!pending) return;
    let current = true;
    void registry.load(remote, module).then(() => current && settled());
    return () => {
      current = false;
    };
  }, [registry, remote, module, pending]);
  const navigationKey = useScreenMountKey();

  // The page keeps the release of a remote it has used; a screen that a later release added is not in it, so the
  // page is loaded afresh, with the live releases, rather than showing the area as unavailable.
  const reload = state?.status === 'failed' && table.remoteMovedOn(remote);
  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);
  if (reload) return loading;
  if (state?.status === 'failed') throw state.error;
  if (state?.status !== 'loaded') return loading;
  const { Screen } = state;
  return <Screen key={navigationKey} />;
}

/**
 * A new navigation (even a click on the link of the page already open) mounts the screen afresh, so its queries
 * refetch and it shows what other users changed meanwhile. A change the screen makes to its own query (a search,
 * a filter, a page, and Back or Forward through them) keeps it mounted: a remount would drop the focus and what
 * the user is typing.
 */
function useScreenMountKey(): string {
  const location = useLocation();
  const [mount, setMount] = useState({ seen: location.key, key: location.key });
  if (mount.seen !== location.key) {
    const next = { seen: location.key, key: isOwnQueryChange(location) ? mount.key : location.key };
    setMount(next);
    return next.key;
  }
  return mount.key;
}
