// A server-rendered first view (scripts/lib/first-view.mjs composes a remote's render into index.html) marks each
// list's rendered items with data-first-view-part. They are read here once, when this module first runs (before
// React replaces the page), so a list still loading on that first page shows the same items, not a spinner: the
// hand-over from server HTML to React moves nothing. Later pages and other URLs get the usual loading state.
const parts = new Map<string, string>();
const initialPath = typeof window === 'undefined' ? null : window.location.pathname;

if (typeof document !== 'undefined') {
  for (const element of document.querySelectorAll<HTMLElement>('[data-first-view-part]')) {
    const key = element.dataset.firstViewPart;
    if (key && !parts.has(key)) parts.set(key, element.innerHTML);
  }
}

/** The server-rendered markup of one list on the page's first URL, until that list has shown its own items. */
export function firstViewPart(key: string): string | null {
  if (typeof window === 'undefined' || window.location.pathname !== initialPath) return null;
  return parts.get(key) ?? null;
}

/** The list now renders its own items: its server markup is not shown again (a later visit shows a spinner). */
export function releaseFirstViewPart(key: string): void {
  parts.delete(key);
}
