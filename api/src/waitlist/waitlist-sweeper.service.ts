import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ClaimedJobRunner } from '../jobs/claimed-job-runner';
import type { Offer } from './waitlist.model';
import { WaitlistService, type SweepReport } from './waitlist.service';

const JOB = 'waitlist-offers';
/** Offers worked on at once by one replica; each holds its own claim. */
const WORKERS = 2;
const PASS_LIMIT = 5000;
/** The repair's count among the pass's outcomes. */
const ORPHANS = 'orphans';

/**
 * Ends the holds nobody paid for in time (the seat goes to the next in line) and finishes what a stopped replica
 * left midway, the reconciliation job's way: each offer is claimed before it is worked on, so any number of
 * replicas sweep at once without acting on one offer twice. Runs every WAITLIST_SWEEP_INTERVAL_SECONDS.
 */
@Injectable()
export class WaitlistSweeper implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly waitlist: WaitlistService,
    private readonly runner: ClaimedJobRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.add<Offer>({
      name: JOB,
      everyMs: this.config.waitlist.sweepIntervalSeconds * 1000,
      workers: WORKERS,
      passLimit: PASS_LIMIT,
      leaseMs: this.waitlist.leaseMs(),
      claimNext: ({ owner, leaseMs }, now) => this.waitlist.claimDueOffer(now, owner, leaseMs),
      work: (offer, { owner }, now) => this.waitlist.sweepClaimed(offer, owner, now),
      afterPass: async () => ({ [ORPHANS]: await this.waitlist.repair() }),
    });
  }

  /** One pass; overlapping calls in one process share the running pass. */
  async runOnce(now = new Date()): Promise<SweepReport> {
    const { outcomes } = await this.runner.run(JOB, now);
    return { expired: outcomes.expired ?? 0, resumed: outcomes.resumed ?? 0, orphans: outcomes[ORPHANS] ?? 0 };
  }
}
