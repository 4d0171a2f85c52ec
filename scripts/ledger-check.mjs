// `npm run ledger:check [-- --settled]`: the payment ledger's invariants (api/src/payments/ledger-check.ts) on the
// database of MONGODB_URI, or else on the embedded database of `npm start` (its data dir; started for the check when
// it is not running). Prints each drift and exits 1 when there is any.
import net from 'node:net';
import path from 'node:path';
import { execa } from 'execa';
import { startDevDb } from './lib/devdb.mjs';
import { readSettings, repoRoot } from './lib/stack.mjs';

const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const s = readSettings();
let db = null;
let uri = s.mongoUri;
if (!uri) {
  if (!(await listening(s.dbPort)))
    db = await startDevDb({ port: s.dbPort, file: path.join(s.dataDir, 'db', 'sportify.mv') });
  uri = `mongodb://127.0.0.1:${s.dbPort}/sportify`;
}
try {
  const run = await execa(
    'node',
    [path.join(repoRoot, 'api/dist/payments/ledger-check-run.js'), ...process.argv.slice(2)],
    {
      env: {
        SPORTIFY_DEV_MODE: s.developmentMode ? '1' : '0',
        FIREBASE_PROJECT_ID: s.firebase.projectId,
        MONGODB_URI: uri,
      },
      stdio: 'inherit',
      reject: false,
    },
  );
  process.exitCode = run.exitCode ?? 1;
} finally {
  await db?.stop();
}
