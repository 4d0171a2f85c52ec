import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type Location } from '@sportify/shared-ui/router';

export type QueryChanges = Record<string, string | undefined>;

/** The history state of an entry a screen made by changing its own query (search, filters, page). */
const OWN_QUERY_STATE = { screenQuery: true } as const;

/**
 * Whether the location is one a screen made by changing its own query: the shell keeps that screen mounted (with
 * the focus in its search box), where any other navigation mounts a screen afresh.
 */
export function isOwnQueryChange(location: Pick<Location, 'state'>): boolean {
  return (location.state as { screenQuery?: unknown } | null)?.screenQuery === true;
}

/**
 * A list screen's state kept in the URL's query string, so a link can be shared, a reload keeps it and
 * Back/Forward step through it. `set` pushes a history entry; empty values are dropped, and any change other than
 * `page` goes back to the first page (a new filter's page 3 is a different page).
 */
export function useUrlQuery() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);

  const set = useCallback(
    (changes: QueryChanges) => {
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, value);
      }
      if (!('page' in changes)) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      const text = next.toString();
      if (text !== new URLSearchParams(search).toString()) {
        navigate({ search: text ? `?${text}` : '' }, { state: OWN_QUERY_STATE });
      }
    },
    [search, navigate],
  );

  const get = useCallback((name: string) => params.get(name) ?? '', [params]);
  /** The page number in the URL (1 when absent or not a positive whole number). */
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const clear = useCallback(() => navigate({ search: '' }, { state: OWN_QUERY_STATE }), [navigate]);
  return { params, get, set, page, clear };
}
