// What index.html painted before any script ran (scripts/lib/first-view.mjs): the screen's skeleton, or in its place
// a remote's server-rendered view, whose lists mark their items with data-first-view-part. Both are read here once,
// when this module first runs (before React replaces the page), so that on that first URL the shell's loading state
// shows the same markup and a list still loading shows the same items, not a spinner: the hand-over from the HTML to
// React moves nothing. Later pages and other URLs get the usual loading states.
const parts = new Map<string, string>();
const initialPath = typeof window === 'undefined' ? null : window.location.pathname;
const onFirstUrl = () => typeof window !== 'undefined' && window.location.pathname === initialPath;
const frame = typeof document === 'undefined' ? null : (document.getElementById('frame-skeleton')?.outerHTML ?? null);

if (typeof document !== 'undefined') {
  for (const element of document.querySelectorAll<HTMLElement>('[data-first-view-part]')) {
    const key = element.dataset.firstViewPart;
    if (key && !parts.has(key)) parts.set(key, element.innerHTML);
  }
}

/** The skeleton (or server view) index.html painted, while the page is still on the URL it was loaded with. */
export function firstViewFrame(pathname: string): string | null {
  return pathname === initialPath ? frame : null;
}

/** The server-rendered markup of one list on the page's first URL, until that list has shown its own items. */
export function firstViewPart(key: string): string | null {
  return onFirstUrl() ? (parts.get(key) ?? null) : null;
}

/** The list now renders its own items: its server markup is not shown again (a later visit shows a spinner). */
export function releaseFirstViewPart(key: string): void {
  parts.delete(key);
}
