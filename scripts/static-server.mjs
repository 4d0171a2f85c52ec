// Serves one built front end from its own origin, as a CDN would: compressed, hashed assets cached for a year,
// entry files (index.html, remoteEntry.js, mf-manifest.json, config.json) always revalidated.
// Usage: node scripts/static-server.mjs --name shell --dir shell/dist --port 3000 [--spa]
// The shell's runtime config comes from SPORTIFY_RUNTIME_CONFIG (JSON) when set, else from dist/config.json; either
// way each remote with a live release (releases/registry.json, `npm run promote`) points at that release.
// Releases are served under /releases/<version>/ of their package's origin; the shell's pages come from its live
// release when one is promoted, else from --dir.
import express from 'express';
import compression from 'compression';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { liveShellDir, registryReader, withLiveRemotes } from './releases/live.mjs';
import { releasesDir } from './releases/store.mjs';

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
  next();
});

const releases = releasesDir();
const registry = registryReader(releases);

/** The folder whose files the site serves now: the shell's live release, else --dir. */
const currentRoot = () => (opts.spa && liveShellDir(releases, registry())) || root;

/** The shell's runtime config as of now: the configured one, each remote pointed at its live release. */
function currentRuntimeConfig() {
  const base = process.env.SPORTIFY_RUNTIME_CONFIG
    ? JSON.parse(process.env.SPORTIFY_RUNTIME_CONFIG)
    : JSON.parse(readFileSync(path.join(currentRoot(), 'config.json'), 'utf8'));
  return withLiveRemotes(base, registry());
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

/** /releases/<version>/...: this package's published releases. A release never changes, so all of it is immutable. */
function serveReleases() {
  app.use('/releases', express.static(path.join(releases, String(opts.name)), {
    index: false,
    dotfiles: 'ignore',
    fallthrough: false,
    setHeaders(res) {
      res.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
  }));
}

/** Files of the current root (one static handler per folder, made on first use). */
function serveFiles() {
  const handlers = new Map();
  const handlerFor = (dir) => {
    if (!handlers.has(dir)) {
      handlers.set(dir, express.static(dir, {
        index: false,
        setHeaders(res, file) {
          res.set('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }));
    }
    return handlers.get(dir);
  };
  app.use((req, res, next) => handlerFor(currentRoot())(req, res, next));
}

if (opts.spa) serveRuntimeConfig();
serveReleases();
serveFiles();

if (opts.spa) {
  // Client-side routes: any GET that is not a file gets the app's page.
  app.use((req, res, next) => {
    if (req.method !== 'GET' || path.extname(req.path)) return next();
    res.set('Cache-Control', 'no-cache');
    res.sendFile(path.join(currentRoot(), 'index.html'));
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
