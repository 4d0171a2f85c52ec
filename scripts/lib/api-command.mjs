// Runs one of the API's commands (api/dist/...-run.js) on the database of MONGODB_URI, or else on the embedded
// database of `npm start` (its data dir; started for the command when it is not running). Resolves to its exit code.
import net from 'node:net';
import path from 'node:path';
import { execa } from 'execa';
import { startDevDb } from './devdb.mjs';
import { readSettings, repoRoot } from './stack.mjs';

const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * @param {string} file the command, relative to the repository (api/dist/payments/ledger-check-run.js)
 * @param {string[]} args
 * @param {Record<string, string>} [env] more of its environment
 * @returns {Promise<number>}
 */
export async function runApiCommand(file, args, env = {}) {
  const s = readSettings();
  let db = null;
  let uri = s.mongoUri;
  if (!uri) {
    if (!(await listening(s.dbPort)))
      db = await startDevDb({ port: s.dbPort, file: path.join(s.dataDir, 'db', 'sportify.mv') });
    uri = `mongodb://127.0.0.1:${s.dbPort}/sportify`;
  }
  try {
    const run = await execa('node', [path.join(repoRoot, file), ...args], {
      env: {
        SPORTIFY_DEV_MODE: s.developmentMode ? '1' : '0',
        FIREBASE_PROJECT_ID: s.firebase.projectId,
        MONGODB_URI: uri,
        ...env,
      },
      stdio: 'inherit',
      reject: false,
    });
    return run.exitCode ?? 1;
  } finally {
    await db?.stop();
  }
}
