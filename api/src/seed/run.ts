// `node api/dist/seed/run.js`: seeds demo data and accounts on first run (same environment variables as the API).
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config';
import { runSeed, SeedRefusedError } from './seed';

async function main(): Promise<void> {
  const report = await runSeed(loadConfig());
  if (report.seeded) {
    console.log(
      `Seeded demo data: ${report.users} users, ${report.classes} classes, ${report.accountsCreated} new sign-in accounts.`,
    );
    if (!report.accounts) {
      console.warn(
        'Demo sign-in accounts were not created: set FIREBASE_AUTH_EMULATOR_HOST, or GOOGLE_APPLICATION_CREDENTIALS for a real project.',
      );
    }
  } else {
    console.log('Demo data already present: seed skipped.');
    if (report.accountsCreated > 0)
      console.log(`Re-created ${report.accountsCreated} demo sign-in accounts missing from the Auth emulator.`);
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError || err instanceof SeedRefusedError ? `Seed cannot start. ${err.message}` : err,
  );
  process.exit(1);
});
