// Starts one fresh embedded database, one Firebase Auth emulator and stripe-mock on free ports for the whole API test run
// (never the defaults 27017/9099: a developer may have the site running). Each test file uses its own database.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevDb } from '../../scripts/lib/devdb.mjs';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { startStripeMock } from './support/stripe-mock.mjs';

export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sportify-api-test-'));
  const [db, auth, stripe] = await Promise.all([
    startDevDb({ port: await freePort(), file: path.join(dataDir, 'db.mv') }),
    startAuthEmulator({ port: await freePort() }),
    startStripeMock({ port: await freePort() }),
  ]);
  globalThis.__SPORTIFY_API_TEST__ = { db, auth, stripe, dataDir };
  // Inherited by the test workers.
  process.env.SPORTIFY_TEST_MONGO = db.uri;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  process.env.SPORTIFY_TEST_STRIPE_MOCK_PORT = String(stripe.port);
}
