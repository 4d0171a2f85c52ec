// `npm run db:setup -w api` (node api/dist/database/setup-run.js): creates every collection and index of this
// version of the API on the database of MONGODB_URI (and drops the indexes it replaced), then exits. Same environment
// as the API. Production pods only check them at boot; the chart runs this as a Job before each install and upgrade.
// Safe to run again, and beside running pods.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/config';
import { DatabaseSetupService } from './database-setup.service';

async function main(): Promise<void> {
  const config = loadConfig();
  // The whole API's models, none of its timed jobs: the setup creates, then checks what it made.
  const ctx = await NestFactory.createApplicationContext(
    AppModule.forRoot({
      ...config,
      dbSetupAtBoot: 'create',
      payments: { ...config.payments, reconcileIntervalSeconds: 0 },
      waitlist: { ...config.waitlist, sweepIntervalSeconds: 0 },
      mail: { ...config.mail, sendIntervalMs: 0 },
    }),
    { logger: ['error', 'warn', 'log'] },
  );
  try {
    const problems = await ctx.get(DatabaseSetupService).setupProblems();
    if (problems.length) throw new Error(`after the setup: ${problems.join('; ')}`);
    console.log('Database set up: every collection and index of this version is in place.');
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Database setup cannot start. ${err.message}` : err);
  process.exit(1);
});
