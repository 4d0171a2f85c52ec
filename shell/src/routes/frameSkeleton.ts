// index.html paints a skeleton of the screen before any script runs. React's first render replaces it, so the
// screen's loading state shows the same markup (same boxes, same CSS from index.html) until its code is in:
// the hand-over moves nothing. Later navigations use the usual spinner.
const element = typeof document === 'undefined' ? null : document.getElementById('frame-skeleton');
const html = element?.outerHTML ?? null;
const initialPath = typeof window === 'undefined' ? null : window.location.pathname;

/** The static skeleton's markup while the page is still on the URL it was loaded with, else null. */
export function frameSkeleton(pathname: string): string | null {
  return pathname === initialPath ? html : null;
}
