// Starts the whole stack for the journeys on an empty data folder, through the same launcher as `npm start`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir =
  process.env.SPORTIFY_DATA_DIR || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data-e2e');
rmSync(dataDir, { recursive: true, force: true });
process.env.SPORTIFY_DATA_DIR = dataDir;
await import('@sportify/scripts/start.mjs');
