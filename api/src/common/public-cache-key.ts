import { PAGE_LIMIT_DEFAULT } from './paging';
import { PUBLIC_LISTS } from './public-cache';

export type PublicListPath = keyof typeof PUBLIC_LISTS;

const DEFAULTS: Record<string, string> = { page: '1', limit: String(PAGE_LIMIT_DEFAULT) };

/**
 * The cache key of a public list request: the list's key, plus its query string normalised (parameters sorted,
 * `q` trimmed, default page and limit filled in), so equivalent queries share one entry. The controller (after
 * validation) and CachedListInterceptor (before it) both key from the raw URL with this one function, so a request
 * can only hit an entry that a validated request with an equivalent query stored; an invalid query never has one.
 */
export function publicListKey(path: PublicListPath, url: string | undefined): string {
  return listKey(PUBLIC_LISTS[path], url);
}

/** The same normalised key for any cached list (e.g. the admin's users, base 'admin:users'). */
export function listKey(base: string, url: string | undefined): string {
  const at = url?.indexOf('?') ?? -1;
  // The list itself, the hottest read: no parsing.
  if (at === -1 || at === url!.length - 1) return base;
  const params = new URLSearchParams(url!.slice(at + 1));
  if (params.size === 0) return base;
  const pairs: [string, string][] = [];
  for (const [name, value] of params) pairs.push([name, name === 'q' ? value.trim() : value]);
  for (const [name, value] of Object.entries(DEFAULTS)) if (!params.has(name)) pairs.push([name, value]);
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `${base}?${new URLSearchParams(pairs).toString()}`;
}
