import { useEffect, useMemo, useState } from 'react';
import { matchRoutes, renderMatches, useLocation, useNavigate } from '@sportify/shared-ui/router';
import { buildRoutes } from './buildRoutes';
import { useLiveRoutes, useRouteTable } from './liveRoutes';
import { rejoinMatches, type ResolvedMatch } from './resolvedRoute';
import { DocumentLocationContext } from './UnmatchedPath';

/**
 * The route tree of docs/product.md §2 under whichever router wraps it (BrowserRouter on the page), rebuilt when the
 * live route table changes. A navigation with a table older than a couple of seconds reads it again.
 *
 * `resolved` is the route the server render resolved the page to: the first render (the server's, and the
 * browser's hydration of it) shows it without matching the URL again. Every later location is matched here.
 */
export function AppRoutes({ resolved }: { resolved?: readonly ResolvedMatch[] }) {
  const table = useRouteTable();
  const routes = useLiveRoutes();
  const tree = useMemo(() => buildRoutes(routes), [routes]);
  const location = useLocation();
  const [documentLocation] = useState(location);
  const [first] = useState(() => ({ tree, matches: resolved && rejoinMatches(tree, resolved) }));
  useEffect(() => {
    if (location !== documentLocation) void table.refresh();
  }, [table, location, documentLocation]);
  const matches = useMemo(
    () =>
      (location === documentLocation && tree === first.tree && first.matches) || matchRoutes(tree, location.pathname),
    [tree, location, documentLocation, first],
  );
  return (
    <DocumentLocationContext.Provider value={documentLocation}>
      {renderMatches(matches)}
    </DocumentLocationContext.Provider>
  );
}

let navigateTo: ((path: string, options?: { replace?: boolean }) => void) | null = null;

/** Lets code outside React (the API's 401 handler) navigate with the page's router. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (path, options) => void navigate(path, options);
    return () => {
      navigateTo = null;
    };
  }, [navigate]);
  return null;
}

/** Navigates within the app when it is mounted, else loads the path. */
export function navigateOutsideReact(path: string, options?: { replace?: boolean }): void {
  if (navigateTo) navigateTo(path, options);
  else if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
}
