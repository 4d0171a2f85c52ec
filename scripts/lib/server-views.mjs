// A remote's server views: `GET <where its manifest is>/first-view?path=/` answers { css, html }, the remote's own
// render of that page with fresh data (its build's dist/server/first-view.cjs, see mf-public/src/server), or 404
// when it has none. The shell's static server composes it into index.html (lib/first-view.mjs). Each release folder
// renders with its own build, so promoting or rolling back a remote changes its server view with its code.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { staleWhileRevalidate } from './first-view.mjs';

const require = createRequire(import.meta.url);
const RENDER_TTL_MS = 1000;
const RENDER_TIMEOUT_MS = 2000;
const PATH = /^\/[A-Za-z0-9/_-]{0,200}$/;

/**
 * @param {{ apiUrl?: string, publicUrl?: string }} settings the API the renders read, and this front end's public
 *   origin (where browsers get its files: the base of the pictures a render shows)
 */
export function serverViews({ apiUrl, publicUrl }) {
  /** The renderer of one build folder, loaded once per build (a rebuilt folder is loaded again). */
  const loaded = new Map();
  const rendererOf = (dir, base) => {
    const file = path.join(dir, 'server', 'first-view.cjs');
    if (!existsSync(file)) return null;
    const stamp = statSync(file).mtimeMs;
    const hit = loaded.get(file);
    if (hit?.stamp === stamp) return hit.render;
    delete require.cache[file];
    // Read by the bundle's first module (mf-public/src/server/publicPath.ts) while it loads.
    globalThis.__SPORTIFY_ASSET_BASE__ = base;
    const { renderFirstView } = require(file);
    loaded.set(file, { stamp, render: renderFirstView });
    return renderFirstView;
  };

  const views = staleWhileRevalidate(
    async (key) => {
      const { dir, base, pathname } = JSON.parse(key);
      try {
        const render = rendererOf(dir, base);
        const view = render ? await render({ pathname, apiUrl }) : null;
        // `false`: nothing to show (no such screen, or one of its reads failed), kept like a view for the TTL.
        return view ?? false;
      } catch (error) {
        console.error(`The server view of ${pathname} failed:`, error);
        return null;
      }
    },
    { ttlMs: RENDER_TTL_MS, timeoutMs: RENDER_TIMEOUT_MS },
  );

  /**
   * Express handler for one build folder.
   * @param {(req: import('express').Request) => { dir: string, base: string } | null} buildOf
   */
  return (buildOf) => async (req, res) => {
    const pathname = req.query.path;
    res.set('Cache-Control', 'no-store');
    if (typeof pathname !== 'string' || !PATH.test(pathname)) {
      res.status(400).json({ message: 'path must be a site path such as /' });
      return;
    }
    const build = apiUrl && publicUrl ? buildOf(req) : null;
    const view = build ? await views(JSON.stringify({ ...build, pathname })) : false;
    if (view) res.json(view);
    else if (view === false) res.status(404).json({ message: `No server view of ${pathname}` });
    // Still rendering after the wait, or the render failed (logged): the shell shows its skeleton this time.
    else res.status(503).json({ message: 'The view is not available now' });
  };
}
