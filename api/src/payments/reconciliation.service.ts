import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SettlementService } from './settlement.service';
import { SettlementsRepository } from './settlements.repository';

export interface ReconcileReport {
  looked: number;
  /** State each row ended in, counted. */
  states: Record<string, number>;
  failed: number;
}

const BATCH = 100;

/**
 * Settles what nobody settled: charged intents whose browser call and event never came (after
 * PAYMENT_SETTLE_DELAY_SECONDS), rows left midway by a failure, and refunds that failed (retried with backoff).
 * Runs every PAYMENT_RECONCILE_INTERVAL_SECONDS, and as a command (`npm run reconcile -w api`).
 */
@Injectable()
export class ReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReconciliationService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<ReconcileReport>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: SettlementsRepository,
    private readonly settlement: SettlementService,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.payments.reconcileIntervalSeconds;
    if (!every) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((err: Error) => this.logger.warn(`Reconciliation run failed: ${err.message}`));
    }, every * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass over the due rows; overlapping calls share the running pass. */
  runOnce(now = new Date()): Promise<ReconcileReport> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(now: Date): Promise<ReconcileReport> {
    const report: ReconcileReport = { looked: 0, states: {}, failed: 0 };
    for (const row of await this.ledger.due(now, BATCH)) {
      report.looked++;
      try {
        const state = await this.settlement.reconcile(row, now);
        report.states[state] = (report.states[state] ?? 0) + 1;
      } catch (err) {
        report.failed++;
        this.logger.warn(`Reconciling ${row.intentId} failed: ${(err as Error).message}`);
      }
    }
    if (report.looked)
      this.logger.log(
        `Reconciled ${report.looked} payment(s): ${JSON.stringify(report.states)}, ${report.failed} failed`,
      );
    return report;
  }
}
