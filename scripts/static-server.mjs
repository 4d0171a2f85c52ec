// Serves one built front end from its own origin, as a CDN would: compressed, hashed assets cached for a year,
// entry files (index.html, remoteEntry.js, mf-manifest.json, config.json) always revalidated.
// Usage: node scripts/static-server.mjs --name shell --dir shell/dist --port 3000 [--spa]
// The shell's runtime config comes from SPORTIFY_RUNTIME_CONFIG (JSON) when set, else from dist/config.json; either
// way each remote with a live release (releases/registry.json, `npm run promote`) points at that release.
// Releases are served under /releases/<version>/ of their package's origin; the shell's pages come from its live
// release when one is promoted, else from --dir.
// A remote whose build has server views (dist/server) renders them at /first-view and /releases/<version>/first-view
// when SPORTIFY_API_URL and SPORTIFY_PUBLIC_URL (its own origin) are set; the shell composes them into its pages.
import express from 'express';
import compression from 'compression';
import path from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { firstServerView, firstViewHints, injectFirstView, manifestCache, serverViewCache } from './lib/first-view.mjs';
import { serverViews } from './lib/server-views.mjs';
import { parseArgs } from 'node:util';
import { liveShellDir, registryReader, withLiveRemotes } from './releases/live.mjs';
import { releasesDir, VERSION_PATTERN } from './releases/store.mjs';

const { values: opts } = parseArgs({
  options: {
    name: { type: 'string' },
    dir: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    spa: { type: 'boolean', default: false },
  },
});
if (!opts.name || !opts.dir || !opts.port) {
  console.error('usage: static-server.mjs --name NAME --dir DIR --port PORT [--spa]');
  process.exit(2);
}
const root = path.resolve(opts.dir);
if (!existsSync(root)) {
  console.error(`${opts.name}: ${root} does not exist; build it first (npm run build).`);
  process.exit(1);
}

const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|webp|avif|png|woff2?)$/;
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use((_req, res, next) => {
  // Remotes are fetched cross-origin by the shell; they hold only public static files.
  res.set('Access-Control-Allow-Origin', '*');
  res.set('X-Content-Type-Options', 'nosniff');
  // Lets the shell's page (and the benchmarks) read the real sizes and timings of cross-origin remote files.
  res.set('Timing-Allow-Origin', '*');
  next();
});

const releases = releasesDir();
const registry = registryReader(releases);

/** The folder whose files the site serves now: the shell's live release, else --dir. */
const currentRoot = () => (opts.spa && liveShellDir(releases, registry())) || root;

// Only the shell's server assembles the route table; loading the screens rules compiles TypeScript, which the
// remotes' servers need not pay for at start-up.
const routeTables = opts.spa
  ? await Promise.all([import('./releases/guard.mjs'), import('./releases/screens.mjs')])
  : undefined;
let routeProblems = '';

/**
 * The shell's runtime config as of now: the configured one, each remote pointed at its live release, and the route
 * table assembled from those releases' screens.json (with its version, which the browser compares).
 */
function currentRuntimeConfig() {
  const base = process.env.SPORTIFY_RUNTIME_CONFIG
    ? JSON.parse(process.env.SPORTIFY_RUNTIME_CONFIG)
    : JSON.parse(readFileSync(path.join(currentRoot(), 'config.json'), 'utf8'));
  const live = registry();
  if (!routeTables) throw new Error('only the shell serves the runtime config');
  const [{ liveBuildDir }, { currentRouteTable }] = routeTables;
  const { routes, routesVersion, problems } = currentRouteTable((remote) => liveBuildDir(releases, remote.name, live));
  if (problems.join() !== routeProblems) problems.forEach((problem) => console.error(`${opts.name}: ${problem}`));
  routeProblems = problems.join();
  return { ...withLiveRemotes(base, live), routes, routesVersion };
}

/** config.json and the public-safe registry, never cached, so a promote or rollback is seen on the next load. */
function serveRuntimeConfig() {
  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(currentRuntimeConfig());
  });
  app.get('/releases.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(registry());
  });
}

/**
 * Precompressed files (the build writes .br and .gz beside each asset): brotli when the browser takes it, else gzip,
 * else the file as it is (compressed on the fly by compression()). Same cache headers as the plain file.
 * @param {(req: import('express').Request) => string} dirOf the folder the request's path is relative to
 */
const precompressed = (dirOf) => (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const dir = dirOf(req);
  const file = path.join(dir, decodeURIComponent(req.path));
  // index.html is the shell's page template: sendPage fills it in per request.
  if (!file.startsWith(dir + path.sep) || !path.extname(file) || path.basename(file) === 'index.html') return next();
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = [
    ['br', 'br'],
    ['gzip', 'gz'],
  ].find(
    ([name, ext]) =>
      new RegExp(`\\b${name}\\b`).test(accepts) && existsSync(`${file}.${ext}`) && statSync(`${file}.${ext}`).isFile(),
  );
  if (!encoding || !existsSync(file)) return next();
  res.set({ 'Content-Encoding': encoding[0], Vary: 'Accept-Encoding', 'Cache-Control': cacheControl(file) });
  res.type(path.extname(file));
  // Relative to the folder: a dot in the folder's own path (.data-e2e/releases) is not a dotfile of the request.
  res.sendFile(path.relative(dir, `${file}.${encoding[1]}`), { root: dir });
};

const cacheControl = (file) => (HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');

/** /releases/<version>/...: this package's published releases. A release never changes, so all of it is immutable. */
function serveReleases() {
  const dir = path.join(releases, String(opts.name));
  app.use(
    '/releases',
    precompressed(() => dir),
    express.static(dir, {
      index: false,
      dotfiles: 'ignore',
      fallthrough: false,
      setHeaders(res) {
        res.set('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
}

/** Files of the current root (one static handler per folder, made on first use). */
function serveFiles() {
  const handlers = new Map();
  const handlerFor = (dir) => {
    if (!handlers.has(dir)) {
      handlers.set(
        dir,
        express.static(dir, {
          index: false,
          setHeaders(res, file) {
            res.set('Cache-Control', cacheControl(file));
          },
        }),
      );
    }
    return handlers.get(dir);
  };
  app.use(precompressed(currentRoot));
  app.use((req, res, next) => handlerFor(currentRoot())(req, res, next));
}

/** Server views of this remote's current build and of each release (lib/server-views.mjs); their code is not served. */
function serveServerViews() {
  const publicUrl = process.env.SPORTIFY_PUBLIC_URL?.replace(/\/+$/, '');
  const handler = serverViews({ apiUrl: process.env.SPORTIFY_API_URL, publicUrl });
  app.get(
    '/first-view',
    handler(() => ({ dir: currentRoot(), base: `${publicUrl}/` })),
  );
  app.get(
    '/releases/:version/first-view',
    handler((req) => {
      const { version } = req.params;
      const dir = path.join(releases, String(opts.name), version);
      return VERSION_PATTERN.test(version) && existsSync(dir)
        ? { dir, base: `${publicUrl}/releases/${version}/` }
        : null;
    }),
  );
  app.use((req, res, next) => (/^\/(releases\/[^/]+\/)?server\//.test(req.path) ? res.status(404).end() : next()));
}

if (opts.spa) serveRuntimeConfig();
else serveServerViews();
serveReleases();
serveFiles();

const fetchManifest = manifestCache();
const fetchView = serverViewCache();

/** The app's page for one URL, with the runtime config inline and the page's first-view hints (lib/first-view.mjs). */
async function sendPage(req, res, next) {
  try {
    const dir = currentRoot();
    const config = currentRuntimeConfig();
    const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
    const routes = config.routes.map((route) => ({ ...route, prefetch: route.firstReads ?? [] }));
    const search = new URL(req.originalUrl, 'http://page').search;
    const page = { pathname: req.path, search, config, routes };
    const [hints, view] = await Promise.all([
      firstViewHints({ ...page, fetchManifest }),
      firstServerView({ ...page, fetchView }),
    ]);
    res.set('Cache-Control', 'no-cache');
    res.type('html').send(injectFirstView(html, { config, hints, pathname: req.path, routes, view }));
  } catch (error) {
    next(error);
  }
}

if (opts.spa) {
  // Client-side routes: any GET that is not a file gets the app's page.
  app.use((req, res, next) => {
    if (req.method !== 'GET' || (path.extname(req.path) && req.path !== '/index.html')) return next();
    return sendPage(req, res, next);
  });
}

const server = app.listen(Number(opts.port), opts.host, () => {
  console.log(`${opts.name} serving ${path.relative(process.cwd(), root)} on http://localhost:${opts.port}`);
});
server.on('error', (err) => {
  console.error(`${opts.name}: cannot listen on port ${opts.port}: ${err.message}`);
  process.exit(1);
});
// Keep-alive connections would hold the server open (and keep serving) after a stop; close them too.
const close = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
