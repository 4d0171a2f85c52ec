// `npm run ledger:check` (node api/dist/payments/ledger-check-run.js): checks the ledger's invariants on the database
// of MONGODB_URI (the embedded one by default), prints every drift and exits 1 when there is any.
// `--settled`: rows still being settled count as drift too (use it once nothing is in flight). The result is kept in
// the database (ledger_checks), where every API replica's metrics read the drift count.
import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { ConfigModule } from '../config/config.module';
import { ConfigError, loadConfig, type AppConfig } from '../config/config';
import { DatabaseModule } from '../database/database.module';
import { LedgerCheckService } from './ledger-check';
import { LedgerCheckRepository } from './ledger-check.repository';
import { LedgerCheckResultRecord, LedgerCheckResultSchema } from './ledger-check-result.schema';
import { LedgerCheckResults } from './ledger-check-results.repository';

@Module({})
class LedgerCheckModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LedgerCheckModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        MongooseModule.forFeature([{ name: LedgerCheckResultRecord.name, schema: LedgerCheckResultSchema }]),
      ],
      providers: [LedgerCheckRepository, LedgerCheckService, LedgerCheckResults],
    };
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await NestFactory.createApplicationContext(LedgerCheckModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  try {
    const checkedAt = new Date();
    const report = await ctx
      .get(LedgerCheckService)
      .check({ settled: process.argv.includes('--settled'), now: checkedAt });
    await ctx.get(LedgerCheckResults).record(report, checkedAt);
    for (const d of report.drifts) console.error(`DRIFT ${d}`);
    console.log(
      `Ledger check: ${report.classes} classes, ${report.seatHolders} seat holders, ${report.payments} payments, ` +
        `${report.rows} ledger rows ${JSON.stringify(report.states)}, ${report.inFlight} in flight: ` +
        `${report.drifts.length ? `${report.drifts.length} drift(s)` : 'no drift'}.`,
    );
    if (report.drifts.length) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Ledger check cannot start. ${err.message}` : err);
  process.exit(1);
});
