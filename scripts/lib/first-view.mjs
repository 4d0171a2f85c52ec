// What the static server adds to the shell's index.html so a page starts its downloads from the HTML itself, not
// from main.js: the runtime config inline, the current remote's server-rendered view of a public screen (in place
// of the skeleton, when the remote has one), and preload hints for the current route's remote (manifest, remoteEntry.js
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
 * A reader that never makes a page slow: a cached value is answered at once and re-read in the background once older
 * than `ttlMs`; only the first read of a key waits, at most `timeoutMs` (then null). A failed read (null) is not
 * kept, so the next page asks again.
 * @template T
 * @param {(key: string) => Promise<T | null>} load
 * @returns {(key: string) => Promise<T | null>}
 */
export function staleWhileRevalidate(load, { ttlMs, timeoutMs }) {
  const cache = new Map();
  const pending = new Map();
  const refresh = (key) => {
    if (!pending.has(key)) {
      pending.set(
        key,
        load(key)
          .catch(() => null)
          .then((value) => {
            if (value !== null && value !== undefined) cache.set(key, { at: Date.now(), value });
            pending.delete(key);
            return value ?? null;
          }),
      );
    }
    return pending.get(key);
  };
  return async (key) => {
    const hit = cache.get(key);
    if (hit) {
      if (Date.now() - hit.at >= ttlMs) refresh(key);
      return hit.value;
    }
    const timeout = new Promise((resolve) => setTimeout(resolve, timeoutMs, null).unref());
    return Promise.race([refresh(key), timeout]);
  };
}

/** Remote manifests, read through staleWhileRevalidate. */
export function manifestCache({ ttlMs = MANIFEST_TTL_MS, timeoutMs = MANIFEST_TIMEOUT_MS } = {}) {
  return staleWhileRevalidate(
    (url) =>
      fetch(url, { signal: AbortSignal.timeout(5000) }).then((response) => (response.ok ? response.json() : null)),
    { ttlMs, timeoutMs },
  );
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

/** @typedef {{ css: string, html: string }} ServerView a remote's render of a page: its style elements and markup */

const VIEW_TTL_MS = 2000;
const VIEW_TIMEOUT_MS = 250;
/** A remote's answer that it has no server view of a path (kept like a view, so it is not asked on every page). */
const NO_VIEW = /** @type {ServerView} */ (Object.freeze({ css: '', html: '' }));

/**
 * Server views of remotes (their `first-view` endpoint, beside their manifest), read through staleWhileRevalidate:
 * a page waits for a remote's render at most `timeoutMs` once, then takes the last one while a fresh one is made.
 * @returns {(url: string) => Promise<ServerView | null>}
 */
export function serverViewCache({ ttlMs = VIEW_TTL_MS, timeoutMs = VIEW_TIMEOUT_MS } = {}) {
  return staleWhileRevalidate(
    async (url) => {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (response.status === 404) return NO_VIEW;
      if (!response.ok) return null;
      const view = /** @type {Partial<ServerView> | null} */ (await response.json());
      return typeof view?.css === 'string' && typeof view?.html === 'string'
        ? { css: view.css, html: view.html }
        : null;
    },
    { ttlMs, timeoutMs },
  );
}

/**
 * The current remote's server-rendered view of a public page, or null (then the page starts from its skeleton).
 * Signed-in screens show the caller's own data, which a shared render cannot; a URL with a search asks for other
 * data than the default render.
 * @param {{ pathname: string, search?: string, config: any, routes: any[],
 *   fetchView: (url: string) => Promise<ServerView | null> }} page
 * @returns {Promise<ServerView | null>}
 */
export async function firstServerView({ pathname, search = '', config, routes, fetchView }) {
  const route = routes.find((candidate) => matchesRoute(candidate.path, pathname));
  const manifestUrl = route && config?.remotes?.[route.remote];
  if (!route || route.access !== 'public' || search || typeof manifestUrl !== 'string') return null;
  const view = await fetchView(new URL(`first-view?path=${encodeURIComponent(pathname)}`, manifestUrl).href);
  return view && view.html ? view : null;
}

/** Resource hints React writes at the start of a render (the pictures it preloads): they belong in <head>. */
const LEADING_LINKS = /^(?:<link [^>]*>)+/;

/**
 * index.html for one page: the runtime config inline (in place of the template's config.json preload, so the
 * shell does not wait for a second request) and the first-view hints at the top of <head>, where the browser's
 * preload scanner meets them before any script.
 * @param {string} html
 * @param {{ config: any, hints: string[], pathname?: string, routes?: any[], view?: ServerView | null }} page
 */
export function injectFirstView(html, { config, hints, pathname = '/', routes = [], view = null }) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const inline = `<script id="sportify-config" type="application/json">${json}</script>`;
  // The frame's skeleton takes the screen's shape from the route (index.html's [data-route] rules).
  const route = routes.find((candidate) => matchesRoute(candidate.path, pathname));
  const withConfig = html
    .replace(/<link[^>]*href="?\/config\.json"?[^>]*>/, '')
    .replace(/data-route(="")?(?=[\s>])/, `data-route="${escapeAttr(route?.path ?? '')}"`);
  const links = view?.html.match(LEADING_LINKS)?.[0] ?? '';
  // A server view takes the skeleton's place inside <main> (the skeleton is main's only content); it is real
  // content, so it is not hidden from assistive technology like the skeleton's boxes.
  const withView = view
    ? withConfig.replace(
        /<div[^>]*\bid="?frame-skeleton"?[^>]*>[\s\S]*?(?=<\/main>)/,
        () => `<div class="frame-skeleton" id="frame-skeleton" data-server-view>${view.html.slice(links.length)}</div>`,
      )
    : withConfig;
  // After <meta charset>, which must stay in the first 1024 bytes; the view's styles after the page's own.
  return withView
    .replace(/<meta charset[^>]*>/i, (meta) => `${meta}${hints.join('')}${links}${inline}`)
    .replace(/<\/head>/i, () => `${view?.css ?? ''}</head>`);
}
