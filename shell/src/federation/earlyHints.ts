// Dependency-free on purpose (runs from index.ts, before the shared libraries load): as soon as config.json is in,
// ask the browser to fetch the manifest and remoteEntry.js of the remote that owns the current URL, so they download
// in parallel with the shell's own chunks instead of after them (docs/product.md §A11: short waterfall).
import { remoteRoutes } from '../routes/routeTable';

const matches = (pattern: string, pathname: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname);

function addHint(href: string, as: 'fetch' | 'script') {
  // The static server already wrote the page's hints into index.html (scripts/lib/first-view.mjs); this is the
  // fallback for servers that do not (the dev server).
  const present = [...document.head.querySelectorAll('link[rel="preload"]')].some(
    (hint) => hint.getAttribute('href') === href,
  );
  if (present) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  // The federation runtime fetches the manifest in CORS mode; the script tag it adds has no crossorigin.
  if (as === 'fetch') link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

export function hintCurrentRemote(
  config: unknown,
  pathname = window.location.pathname,
  search = window.location.search,
): void {
  const route = remoteRoutes.find((candidate) => matches(candidate.path, pathname));
  const { remotes, apiUrl } = (config ?? {}) as { remotes?: Record<string, unknown>; apiUrl?: unknown };
  const manifest = route && remotes?.[route.remote];
  if (!route || typeof manifest !== 'string') return;
  addHint(manifest, 'fetch');
  // CONVENTIONS: every remote publishes remoteEntry.js beside its manifest.
  addHint(new URL('remoteEntry.js', manifest).href, 'script');
  // The screen's first public reads (same URL and CORS mode as the API client's calls, so the browser reuses them);
  // a URL with a query string (a search or a page of a list) asks for other data.
  if (typeof apiUrl === 'string' && !search) {
    for (const path of route.prefetch ?? []) addHint(`${apiUrl.replace(/\/+$/, '')}${path}`, 'fetch');
  }
}
