// A remote's files on their own origin: node page-server/dist/assets.js --name mf-public
//   --dir mf-public/dist --port 3001 [--releases releases] [--host 127.0.0.1]
// Environment: SPORTIFY_RELEASES_DIR, SPORTIFY_DEV_MODE ('0': production, no source maps).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAssetServer } from './asset-server.js';
import { devModeOf, listen, readArgs } from './serve.js';

const args = readArgs(
  'assets.js --name PACKAGE --dir DIST --port PORT [--releases DIR] [--host HOST]',
  { name: { type: 'string' }, dir: { type: 'string' }, port: { type: 'string' }, releases: { type: 'string' } },
  ['name', 'dir', 'port'],
);
const dir = path.resolve(String(args.dir));
if (!existsSync(dir)) {
  console.error(`${args.name}: ${dir} does not exist; build it first (npm run build).`);
  process.exit(1);
}
const server = createAssetServer({
  name: String(args.name),
  dir,
  releasesDir: path.resolve(String(args.releases ?? process.env.SPORTIFY_RELEASES_DIR ?? 'releases')),
  devMode: devModeOf(process.env),
});
listen(server, String(args.name), Number(args.port), args.host, dir);
