import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ClaimedJobRunner } from '../jobs/claimed-job-runner';
import type { Settlement } from './settlement.model';
import { SettlementService } from './settlement.service';

export interface ReconcileReport {
  looked: number;
  /** State each row ended in, counted. */
  states: Record<string, number>;
  failed: number;
  /** Recorded rows found without their payment or seat, and repaired. */
  repaired: number;
}

const JOB = 'payment-reconciliation';
/** The audit's count among the pass's outcomes. */
const REPAIRED = 'repaired';
/** Rows worked on at once by one replica; each holds its own claim, so every row has one provider call at a time. */
const WORKERS = 4;
/** A pass stops after this many rows; the next one goes on (rows pushed back are not due again in the same pass). */
const PASS_LIMIT = 5000;
/** Recorded rows each pass audits for a missing payment or seat; the next pass goes on from there. */
const AUDIT_BATCH = 1000;

/**
 * Settles what nobody settled: charged intents whose browser call and event never came (after
 * PAYMENT_SETTLE_DELAY_SECONDS), rows left midway by a failure or an expired claim, news nobody acted on, refunds
 * that failed (retried with backoff) and intents to cancel after a day. Each row is claimed before it is worked on,
 * so any number of replicas share the due rows without doing one twice, and a row that fails is pushed back with
 * backoff instead of blocking the queue. Runs every PAYMENT_RECONCILE_INTERVAL_SECONDS, and as a command
 * (`npm run reconcile -w api`).
 */
@Injectable()
export class ReconciliationService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReconciliationService.name);
  /** Where the audit of recorded rows goes on from (undefined: the start of the ledger). */
  private auditFrom?: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settlement: SettlementService,
    private readonly runner: ClaimedJobRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.add<Settlement>({
      name: JOB,
      everyMs: this.config.payments.reconcileIntervalSeconds * 1000,
      workers: WORKERS,
      passLimit: PASS_LIMIT,
      leaseMs: this.settlement.leaseMs(),
      claimNext: ({ owner, leaseMs }, now) => this.settlement.claimDue(now, owner, leaseMs),
      work: (row, { owner }, now) => this.settlement.reconcileClaimed(row, owner, now),
      pushBack: (row, { owner }, err) => this.settlement.pushBackClaimed(row, owner, err),
      afterPass: async () => ({ [REPAIRED]: await this.auditBatch() }),
    });
  }

  /** One pass over the due rows; overlapping calls in one process share the running pass. */
  async runOnce(now = new Date()): Promise<ReconcileReport> {
    const { looked, outcomes, failed } = await this.runner.run(JOB, now);
    const { [REPAIRED]: repaired = 0, ...states } = outcomes;
    return { looked, states, failed, repaired };
  }

  /**
   * Recorded rows are never due, so a recorded row that lost its payment or seat would stay that way: each pass
   * audits the next batch of them and repairs what it finds (refund or re-record, by what the provider says).
   */
  private async auditBatch(): Promise<number> {
    const { last, repaired } = await this.settlement.auditRecorded(this.auditFrom, AUDIT_BATCH);
    this.auditFrom = last;
    for (const r of repaired) this.logger.warn(`Repaired recorded payment ${r.intentId}: now ${r.state}`);
    return repaired.length;
  }

  /** The whole ledger's recorded rows audited at once (the reconcile command). */
  async auditAll(): Promise<number> {
    let from: string | undefined;
    let count = 0;
    do {
      const { last, repaired } = await this.settlement.auditRecorded(from, AUDIT_BATCH);
      count += repaired.length;
      from = last;
    } while (from);
    return count;
  }
}
