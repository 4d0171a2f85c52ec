// `npm run reconcile -w api` (node api/dist/payments/reconcile-run.js): one reconciliation pass, same environment
// as the API; prints what it did and exits 1 if a row could not be settled.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/config';
import { ReconciliationService } from './reconciliation.service';

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...config, payments: { ...config.payments, reconcileIntervalSeconds: 0 } }),
    { logger: ['error', 'warn', 'log'] },
  );
  try {
    const reconciliation = ctx.get(ReconciliationService);
    const report = await reconciliation.runOnce();
    const repaired = report.repaired + (await reconciliation.auditAll());
    console.log(
      `Reconciliation: ${report.looked} looked at, ${JSON.stringify(report.states)}, ${report.failed} failed, ${repaired} recorded payment(s) repaired.`,
    );
    if (report.failed) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Reconciliation cannot start. ${err.message}` : err);
  process.exit(1);
});
