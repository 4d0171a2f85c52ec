import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionRole } from '@sportify/shared-ui';
import type { ScreenRoute } from '@sportify/platform/screens';

/** The route table the remotes' live releases declare (config.json's `routes`), with its version and remotes. */
export interface LiveRoutes {
  routes: readonly ScreenRoute[];
  /** Short hash of `routes`: a changed table has another version. */
  routesVersion: string;
  /** Federation name -> manifest URL of the live release. */
  remotes: Readonly<Record<string, string>>;
}

/**
 * Checks config.json's route table for what the router needs; throws an Error naming the first bad entry. The server
 * assembled it from declarations it validated (assembleRoutes), so the full rules stay out of the page's JS.
 */
export function parseLiveRoutes(raw: unknown, remotes: Readonly<Record<string, string>>): LiveRoutes {
  const { routes, routesVersion } = (raw ?? {}) as { routes?: unknown; routesVersion?: unknown };
  if (!Array.isArray(routes)) throw new Error('config.json: "routes" must be the route table (a list of screens)');
  routes.forEach((route: Partial<ScreenRoute> | null, index) => {
    const missing =
      (['path', 'remote', 'module', 'title'] as const).find(
        (field) => typeof route?.[field] !== 'string' || !route[field],
      ) ?? (typeof route?.access === 'string' || Array.isArray(route?.access) ? undefined : 'access');
    if (missing) throw new Error(`config.json: routes[${index}] has no ${missing}`);
  });
  if (typeof routesVersion !== 'string' || !routesVersion)
    throw new Error('config.json: "routesVersion" must be a non-empty string');
  return { routes: routes as ScreenRoute[], routesVersion, remotes };
}

export interface RouteTable {
  /** The table in hand (a new object only when the live table changed). */
  current(): LiveRoutes;
  subscribe(listener: () => void): () => void;
  /**
   * Reads the live table again when the one in hand is older than `maxAgeMs`, or always with `force` (a path it does
   * not match). Resolves once read (or failed: the table in hand stays); never rejects.
   */
  refresh(force?: boolean): Promise<void>;
  /** Whether the live release of `remote` is no longer the one the page started with (a promote or rollback). */
  remoteMovedOn(remote: string): boolean;
}

export interface RouteTableOptions {
  /** The table the page started with (inline config). */
  initial: LiveRoutes;
  /** config.json as served now, past every cache. */
  latest: () => Promise<LiveRoutes>;
  /** How long a table counts as current at a navigation. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The shell's route table, kept in step with the live releases while the page is open: a promote that adds a screen
 * makes it reachable by link and by URL without a reload, and a rollback takes it away.
 */
export function createRouteTable({ initial, latest, maxAgeMs = 2000, now = Date.now }: RouteTableOptions): RouteTable {
  let table = initial;
  let liveRemotes = initial.remotes;
  let readAt = now();
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  return {
    current: () => table,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh(force = false) {
      if (pending) return pending;
      if (!force && now() - readAt < maxAgeMs) return Promise.resolve();
      pending = latest()
        .then((next) => {
          readAt = now();
          liveRemotes = next.remotes;
          if (next.routesVersion === table.routesVersion) return;
          table = next;
          listeners.forEach((listener) => listener());
        })
        .catch((error: unknown) => console.warn('The route table could not be read again', error))
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    remoteMovedOn: (remote) => liveRemotes[remote] !== initial.remotes[remote],
  };
}

const RouteTableContext = createContext<RouteTable | null>(null);

export const RouteTableProvider = RouteTableContext.Provider;

export function useRouteTable(): RouteTable {
  const table = useContext(RouteTableContext);
  if (!table) throw new Error('useRouteTable: missing RouteTableProvider');
  return table;
}

/** The live routes, re-rendering when the table changes. */
export function useLiveRoutes(): readonly ScreenRoute[] {
  const table = useRouteTable();
  // A server render and the hydration that follows it start from the same table, the page's.
  return useSyncExternalStore(table.subscribe, table.current, table.current).routes;
}

/** Dashboard side-menu entries for a role, in table order. */
export function dashboardMenu(routes: readonly ScreenRoute[], role: SessionRole): Array<{ to: string; label: string }> {
  return routes
    .filter((route) => route.menu?.roles.includes(role))
    .map((route) => ({ to: route.path, label: route.menu!.label }));
}
