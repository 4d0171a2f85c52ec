import { Suspense, useState } from 'react';
import { useLocation } from '@sportify/shared-ui/router';
import { firstViewFrame, Spinner, usePageTitle } from '@sportify/shared-ui';
import { useRemoteRegistry } from '../federation/RemoteRegistryContext';
import { AreaUnavailable } from './AreaUnavailable';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import type { RemoteRoute } from './routeTable';

/** One remote screen: loaded on first visit, with a loading state and its own error boundary. */
export function RemotePage({ route }: { route: RemoteRoute }) {
  usePageTitle(route.title);
  const registry = useRemoteRegistry();
  // Bumped by Retry: a fresh boundary around a freshly created lazy component.
  const [attempt, setAttempt] = useState(0);
  // The registry caches one lazy component per module: the same component on every render.
  const Screen = registry.component(route.remote, route.module);
  // A new navigation (even a click on the link of the page already open) mounts the screen afresh, so its
  // queries refetch and it shows what other users changed meanwhile.
  const { key: navigationKey, pathname } = useLocation();
  const skeleton = firstViewFrame(pathname);

  const retry = () => {
    registry.evict(route.remote, route.module);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} fallback={() => <AreaUnavailable onRetry={retry} />}>
      <Suspense
        fallback={
          skeleton ? (
            <div role="status" aria-label="Loading page" dangerouslySetInnerHTML={{ __html: skeleton }} />
          ) : (
            <Spinner label="Loading page" />
          )
        }
      >
        {/* eslint-disable-next-line react-hooks/static-components -- cached by the registry (above) */}
        <Screen key={navigationKey} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
