// Dependency-free on purpose (runs from index.ts, before the shared libraries load): as soon as config.json is in,
// ask the browser to fetch the manifest and remoteEntry.js of the remote that owns the current URL, so they download
// in parallel with the shell's own chunks instead of after them (docs/product.md §A11: short waterfall).
import { remoteRoutes } from '../routes/routeTable';

const matches = (pattern: string, pathname: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname);

function addHint(href: string, as: 'fetch' | 'script') {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  // The federation runtime fetches the manifest in CORS mode; the script tag it adds has no crossorigin.
  if (as === 'fetch') link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

export function hintCurrentRemote(config: unknown, pathname = window.location.pathname): void {
  const route = remoteRoutes.find((candidate) => matches(candidate.path, pathname));
  const { remotes, apiUrl } = (config ?? {}) as { remotes?: Record<string, unknown>; apiUrl?: unknown };
  const manifest = route && remotes?.[route.remote];
  if (!route || typeof manifest !== 'string') return;
  addHint(manifest, 'fetch');
  // CONVENTIONS: every remote publishes remoteEntry.js beside its manifest.
  addHint(new URL('remoteEntry.js', manifest).href, 'script');
  // The screen's first public reads (same URL and CORS mode as the API client's calls, so the browser reuses them).
  if (typeof apiUrl === 'string') {
    for (const path of route.prefetch ?? []) addHint(`${apiUrl.replace(/\/+$/, '')}${path}`, 'fetch');
  }
}
