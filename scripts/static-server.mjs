// Serves one built front end from its own origin, as a CDN would: compressed, hashed assets cached for a year,
// entry files (index.html, remoteEntry.js, mf-manifest.json, config.json) always revalidated.
// Usage: node scripts/static-server.mjs --name shell --dir shell/dist --port 3000 [--spa]
// The shell's runtime config comes from SPORTIFY_RUNTIME_CONFIG (JSON) when set, else from dist/config.json.
import express from 'express';
import compression from 'compression';
import path from 'node:path';
import { existsSync } from 'node:fs';
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
  next();
});

if (process.env.SPORTIFY_RUNTIME_CONFIG) {
  const config = JSON.parse(process.env.SPORTIFY_RUNTIME_CONFIG);
  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(config);
  });
}

app.use(
  express.static(root, {
    index: false,
    setHeaders(res, file) {
      res.set('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  }),
);

if (opts.spa) {
  // Client-side routes: any GET that is not a file gets the app's page.
  app.use((req, res, next) => {
    if (req.method !== 'GET' || path.extname(req.path)) return next();
    res.set('Cache-Control', 'no-cache');
    res.sendFile(path.join(root, 'index.html'));
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
