// Serves one built front end from its own origin, as a CDN would: compressed, hashed assets cached for a year,
// entry files (index.html, remoteEntry.js, mf-manifest.json, config.json) always revalidated.
// Usage: node scripts/static-server.mjs --name shell --dir shell/dist --port 3000 [--spa]
// The shell's runtime config comes from SPORTIFY_RUNTIME_CONFIG (JSON) when set, else from dist/config.json.
import express from 'express';
import compression from 'compression';
import path from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { firstViewHints, injectFirstView, manifestCache } from './lib/first-view.mjs';
import { parseArgs } from 'node:util';

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

/** The shell's runtime config: SPORTIFY_RUNTIME_CONFIG when set, else the build's config.json (null for remotes). */
const envConfig = process.env.SPORTIFY_RUNTIME_CONFIG ? JSON.parse(process.env.SPORTIFY_RUNTIME_CONFIG) : null;
function runtimeConfig() {
  if (envConfig) return envConfig;
  const file = path.join(root, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

if (envConfig) {
  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(envConfig);
  });
}

/**
 * Precompressed files (the build writes .br and .gz beside each asset): brotli when the browser takes it, else gzip,
 * else the file as it is (compressed on the fly by compression()). Same cache headers as the plain file.
 */
function precompressed(req, res, next) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const file = path.join(root, decodeURIComponent(req.path));
  // index.html is the shell's page template: sendPage fills it in per request.
  if (!file.startsWith(root + path.sep) || !path.extname(file) || path.basename(file) === 'index.html') return next();
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = [['br', 'br'], ['gzip', 'gz']].find(([name, ext]) =>
    new RegExp(`\\b${name}\\b`).test(accepts) && existsSync(`${file}.${ext}`) && statSync(`${file}.${ext}`).isFile());
  if (!encoding || !existsSync(file)) return next();
  res.set({ 'Content-Encoding': encoding[0], Vary: 'Accept-Encoding', 'Cache-Control': cacheControl(file) });
  res.type(path.extname(file));
  res.sendFile(`${file}.${encoding[1]}`);
}

const cacheControl = (file) => (HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
app.use(precompressed);

app.use(
  express.static(root, {
    index: false,
    setHeaders(res, file) {
      res.set('Cache-Control', cacheControl(file));
    },
  }),
);

const fetchManifest = manifestCache();

/** The app's page for one URL, with the runtime config inline and the page's first-view hints (lib/first-view.mjs). */
async function sendPage(req, res, next) {
  try {
    const config = runtimeConfig();
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    const routesFile = path.join(root, 'route-hints.json');
    const routes = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : [];
    const hints = config ? await firstViewHints({ pathname: req.path, config, routes, fetchManifest }) : [];
    res.set('Cache-Control', 'no-cache');
    res.type('html').send(config ? injectFirstView(html, { config, hints, pathname: req.path, routes }) : html);
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
