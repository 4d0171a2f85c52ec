// Starts one fresh embedded database, one Firebase Auth emulator, stripe-mock and an S3-compatible server on free
// ports for the whole API test run (never the defaults 27017/9099: a developer may have the site running). Each test file uses its own database, and
// drops it at the end while the other worker's files write to theirs: in memory, where that is safe (H2's one file
// store for every database is not, and nothing here needs the data after the run).
import { IN_MEMORY, startDevDb } from '@sportify/scripts/lib/devdb.mjs';
import { startAuthEmulator } from '@sportify/scripts/lib/auth-emulator.mjs';
import { freePort } from '@sportify/scripts/lib/ports.mjs';
import { startStripeMock } from './support/stripe-mock.mjs';
import { startS3Server } from './support/s3-server.mjs';

export default async function globalSetup() {
  const [db, auth, stripe, s3] = await Promise.all([
    startDevDb({ port: await freePort(), file: IN_MEMORY }),
    startAuthEmulator({ port: await freePort() }),
    startStripeMock({ port: await freePort() }),
    startS3Server({ port: await freePort() }),
  ]);
  globalThis.__SPORTIFY_API_TEST__ = { db, auth, stripe, s3 };
  // Inherited by the test workers.
  process.env.SPORTIFY_TEST_MONGO = db.uri;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  process.env.SPORTIFY_TEST_STRIPE_MOCK_PORT = String(stripe.port);
  process.env.SPORTIFY_TEST_S3_ENDPOINT = s3.endpoint;
}
