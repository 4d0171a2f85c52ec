// What the static server adds to the shell's index.html so a page starts its downloads from the HTML itself, not
// from main.js: the runtime config inline, and preload hints for the current route's remote (manifest, remoteEntry.js
// and the exposed screen's own chunks, read from that remote's mf-manifest.json) and for the screen's first API
// reads. Remote URLs come from the same runtime config the shell reads, so a remote shipped at its URL is picked up
// without a shell rebuild (the manifest is re-read every few seconds).

const MANIFEST_TTL_MS = 5000;
const MANIFEST_TIMEOUT_MS = 400;

/** '/dashboard/payment/:id' matches '/dashboard/payment/42' (same rule as shell/src/federation/earlyHints.ts). */
export const matchesRoute = (pattern, pathname) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname);

const escapeAttr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const link = (href, as, crossorigin = false) =>
  `<link rel="preload" as="${as}" href="${escapeAttr(href)}"${crossorigin ? ' crossorigin="anonymous"' : ''}>`;

/**
 * A fetcher of remote manifests that never makes a page slow: a cached manifest is answered at once and re-read in
 * the background once older than `ttlMs`; only the first read waits, at most `timeoutMs`. A failed read is not kept.
 */
export function manifestCache({ ttlMs = MANIFEST_TTL_MS, timeoutMs = MANIFEST_TIMEOUT_MS } = {}) {
  const cache = new Map();
  const pending = new Map();
  const load = (url) => {
    if (!pending.has(url)) {
      pending.set(
        url,
        fetch(url, { signal: AbortSignal.timeout(5000) })
          .then((response) => (response.ok ? response.json() : null))
          .catch(() => null)
          .then((value) => {
            if (value) cache.set(url, { at: Date.now(), value });
            pending.delete(url);
            return value;
          }),
      );
    }
    return pending.get(url);
  };
  return async (url) => {
    const hit = cache.get(url);
    if (hit) {
      if (Date.now() - hit.at >= ttlMs) load(url);
      return hit.value;
    }
    const timeout = new Promise((resolve) => setTimeout(resolve, timeoutMs, null).unref());
    return Promise.race([load(url), timeout]);
  };
}

/** The exposed module's own JS chunks as absolute URLs ('auto' public path: beside the manifest). */
export function exposeChunks(manifest, manifestUrl, module) {
  const expose = manifest?.exposes?.find((candidate) => candidate.name === module || candidate.path === `./${module}`);
  if (!expose) return [];
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl);
  return (expose.assets?.js?.sync ?? []).map((file) => new URL(file, base).href);
}

/** The <head> tags that start the page's downloads: remote manifest, remoteEntry.js, screen chunks, API reads. */
export async function firstViewHints({ pathname, search = '', config, routes, fetchManifest }) {
  const route = routes.find((candidate) => matchesRoute(candidate.path, pathname));
  const manifestUrl = route && config?.remotes?.[route.remote];
  if (!route || typeof manifestUrl !== 'string') return [];
  // The federation runtime fetches the manifest in CORS mode and adds chunk scripts without crossorigin.
  const tags = [link(manifestUrl, 'fetch', true), link(new URL('remoteEntry.js', manifestUrl).href, 'script')];
  // A URL with a search or a page asks for other data than the screen's first reads (as the shell's early hints).
  if (typeof config.apiUrl === 'string' && !search) {
    const api = config.apiUrl.replace(/\/+$/, '');
    for (const read of route.prefetch ?? []) tags.push(link(`${api}${read}`, 'fetch', true));
  }
  const manifest = await fetchManifest(manifestUrl);
  for (const chunk of exposeChunks(manifest, manifestUrl, route.module)) tags.push(link(chunk, 'script'));
  return tags;
}

/**
 * index.html for one page: the runtime config inline (in place of the template's config.json preload, so the
 * shell does not wait for a second request) and the first-view hints at the top of <head>, where the browser's
 * preload scanner meets them before any script.
 */
export function injectFirstView(html, { config, hints, pathname = '/', routes = [] }) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const inline = `<script id="sportify-config" type="application/json">${json}</script>`;
  // The frame's skeleton takes the screen's shape from the route (index.html's [data-route] rules).
  const route = routes.find((candidate) => matchesRoute(candidate.path, pathname));
  const withConfig = html
    .replace(/<link[^>]*href="?\/config\.json"?[^>]*>/, '')
    .replace(/data-route(="")?(?=[\s>])/, `data-route="${escapeAttr(route?.path ?? '')}"`);
  // After <meta charset>, which must stay in the first 1024 bytes.
  return withConfig.replace(/<meta charset[^>]*>/i, (meta) => `${meta}${hints.join('')}${inline}`);
}
