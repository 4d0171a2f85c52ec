import type { Params, RouteMatch, RouteObject } from '@sportify/shared-ui/router';

/**
 * The route a server render resolved the page to, as it hands it to the browser: each matched route by id, outermost
 * first. The browser renders these matches as they are, so hydration matches nothing again.
 */
export interface ResolvedMatch {
  id: string;
  params: Params;
  pathname: string;
  pathnameBase: string;
}

/** The element id of the handover in the page. */
export const RESOLVED_ROUTE_ELEMENT = 'sportify-route';

/** A resolved route as the handover carries it. */
export const toResolvedMatches = (matches: readonly RouteMatch[]): ResolvedMatch[] =>
  matches.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id!, params, pathname, pathnameBase }));

function routeById(routes: readonly RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const inner = route.children && routeById(route.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The handed-over matches on this tree's routes; undefined when one of them is not in it (another table). */
export function rejoinMatches(
  routes: readonly RouteObject[],
  resolved: readonly ResolvedMatch[],
): RouteMatch[] | undefined {
  const matches: RouteMatch[] = [];
  for (const { id, params, pathname, pathnameBase } of resolved) {
    const route = routeById(routes, id);
    if (!route) return undefined;
    matches.push({ route, params, pathname, pathnameBase });
  }
  return matches.length ? matches : undefined;
}

/** The handover of a server-rendered page (none for a page the browser renders itself). */
export function readResolvedRoute(doc: Document): ResolvedMatch[] | undefined {
  const text = doc.getElementById(RESOLVED_ROUTE_ELEMENT)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ResolvedMatch[]) : undefined;
  } catch {
    return undefined;
  }
}
