// `node api/dist/seed/run.js`: seeds demo data and accounts on first run (same environment variables as the API).
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config';
import { runSeed } from './seed';

async function main(): Promise<void> {
  const report = await runSeed(loadConfig());
  if (report.seeded) {
    console.log(`Seeded demo data: ${report.users} users, ${report.classes} classes, ${report.accountsCreated} new sign-in accounts.`);
  } else {
    console.log('Demo data already present: seed skipped.');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Seed cannot start. ${err.message}` : err);
  process.exit(1);
});
