// A remote's files on their own origin: node page-server/dist/assets.js --name mf-public
//   --dir mf-public/dist --port 3001 [--releases releases] [--host 127.0.0.1]
// Environment: its settings are assetServerSchema's (settings.ts): SPORTIFY_RELEASES_DIR, SHUTDOWN_TIMEOUT_SECONDS,
// SPORTIFY_DEV_MODE (only 1 is development: source maps).
import { SettingsError } from '@sportify/platform';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAssetServer } from './asset-server.js';
import { listen, readArgs } from './serve.js';
import { readAssetServerSettings } from './settings.js';

const args = readArgs(
  'assets.js --name PACKAGE --dir DIST --port PORT [--releases DIR] [--host HOST]',
  { name: { type: 'string' }, dir: { type: 'string' }, port: { type: 'string' }, releases: { type: 'string' } },
  ['name', 'dir', 'port'],
);
let settings: ReturnType<typeof readAssetServerSettings>;
try {
  settings = readAssetServerSettings(String(args.name), process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const dir = path.resolve(String(args.dir));
if (!existsSync(dir)) {
  console.error(`${args.name}: ${dir} does not exist; build it first (npm run build).`);
  process.exit(1);
}
const server = createAssetServer({
  name: String(args.name),
  dir,
  releasesDir: path.resolve(String(args.releases ?? settings.releasesDir)),
  devMode: settings.devMode,
});
listen(server, String(args.name), Number(args.port), args.host, dir, settings.shutdownTimeoutMs);
