import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { WaitlistService, type SweepReport } from './waitlist.service';

/** Offers worked on at once by one replica; each holds its own claim. */
const WORKERS = 2;
const PASS_LIMIT = 5000;

/**
 * Ends the holds nobody paid for in time (the seat goes to the next in line) and finishes what a stopped replica
 * left midway, the reconciliation job's way: each offer is claimed before it is worked on, so any number of
 * replicas sweep at once without acting on one offer twice. Runs every WAITLIST_SWEEP_INTERVAL_SECONDS.
 */
@Injectable()
export class WaitlistSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WaitlistSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<SweepReport>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly waitlist: WaitlistService,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.waitlist.sweepIntervalSeconds;
    if (!every) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((err: Error) => this.logger.warn(`Waitlist sweep failed: ${err.message}`));
    }, every * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass; overlapping calls in one process share the running pass. */
  runOnce(now = new Date()): Promise<SweepReport> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(now: Date): Promise<SweepReport> {
    const report: SweepReport = { expired: 0, resumed: 0, orphans: 0 };
    let looked = 0;
    const worker = async () => {
      while (looked++ < PASS_LIMIT) {
        const done = await this.waitlist.sweepNext(now).catch((err: Error) => {
          this.logger.warn(`Sweeping an offer failed: ${err.message}`);
          return 'failed' as const;
        });
        if (!done) return;
        if (done !== 'failed') report[done]++;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    report.orphans = await this.waitlist.repair();
    if (report.expired || report.resumed || report.orphans)
      this.logger.log(`Waitlist sweep: ${JSON.stringify(report)}`);
    return report;
  }
}
