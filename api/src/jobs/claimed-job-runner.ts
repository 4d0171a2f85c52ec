import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { Gauge } from 'prom-client';
import { ApiMetrics } from '../metrics/api-metrics';

/** What a worker holds: the claim's owner (a fresh id per row) and how long its lease lasts between renewals. */
export interface Claim {
  owner: string;
  leaseMs: number;
}

/**
 * A timed job over rows that any number of processes share: each row is claimed before it is worked on (owner and
 * lease, renewed by the work before each of its writes), so no two workers act on one row, and a worker that stops
 * loses its rows to another once their leases run out.
 */
export interface ClaimedJob<TRow = unknown> {
  /** Names the schedule, the log lines and the status entry. */
  name: string;
  /** Time between the end of one pass and the start of the next; 0 leaves it to explicit `run` calls. */
  everyMs: number;
  /** Rows worked on at once in one process, each under its own claim. */
  workers: number;
  /** A pass stops after this many rows; the next one goes on. */
  passLimit: number;
  leaseMs: number;
  /** The job's "now" when a pass is not told one (the camp's clock for jobs that run on its dates); the real time by default. */
  now?(): Date;
  /** Claims the next due row for `claim.owner`, or null when nothing is due. */
  claimNext(claim: Claim, now: Date): Promise<TRow | null>;
  /** Works on the claimed row and releases it with its outcome (a name, counted per pass). */
  work(row: TRow, claim: Claim, now: Date): Promise<string>;
  /** The work threw: let go of the row so that it is due again after a backoff, instead of holding the queue. */
  pushBack?(row: TRow, claim: Claim, err: Error): Promise<void>;
  /** Work of the pass that is not one row (audits, repairs), after the rows; its counts join the pass's. */
  afterPass?(now: Date): Promise<Record<string, number>>;
}

export interface PassReport {
  /** Rows claimed in the pass. */
  looked: number;
  /** Rows per outcome, plus the counts of `afterPass`. */
  outcomes: Record<string, number>;
  /** Rows whose work threw (pushed back). */
  failed: number;
}

export interface JobStatus {
  name: string;
  everyMs: number;
  running: boolean;
  /** Rows held by this process right now. */
  holding: number;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastPass: PassReport | null;
  lastError: string | null;
}

interface Entry {
  job: ClaimedJob<never>;
  running?: Promise<PassReport>;
  holding: number;
  lastStartedAt?: Date;
  lastFinishedAt?: Date;
  lastPass?: PassReport;
  lastError?: string;
}

/**
 * Runs every claimed job of the process: its schedule (the scheduler's timeouts, each pass scheduled after the last
 * one ends, so passes never overlap), its workers, the counts it logs and the status the health endpoint shows. On
 * shutdown it claims nothing more and waits for the rows it holds to be finished and released.
 */
@Injectable()
export class ClaimedJobRunner implements OnModuleDestroy {
  private readonly logger = new Logger(ClaimedJobRunner.name);
  private readonly jobs = new Map<string, Entry>();
  private stopping = false;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly metrics: ApiMetrics,
  ) {
    const registers = [metrics.registry];
    const jobs = () => [...this.jobs.values()];
    new Gauge({
      name: 'sportify_job_rows_held',
      help: 'Rows this process holds now, per claimed job',
      labelNames: ['job'],
      registers,
      collect() {
        for (const e of jobs()) this.set({ job: e.job.name }, e.holding);
      },
    });
    new Gauge({
      name: 'sportify_job_last_pass_end_seconds',
      help: "When each claimed job's last pass in this process ended (Unix time)",
      labelNames: ['job'],
      registers,
      collect() {
        for (const e of jobs()) if (e.lastFinishedAt) this.set({ job: e.job.name }, e.lastFinishedAt.getTime() / 1000);
      },
    });
  }

  /** Registers the job, and schedules it when it has an interval. */
  add<TRow>(job: ClaimedJob<TRow>): void {
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    this.jobs.set(job.name, { job: job as ClaimedJob<never>, holding: 0 });
    if (job.everyMs > 0) this.scheduleNext(job.name);
  }

  /** One pass of the job now; a call while a pass runs in this process shares that pass. */
  run(name: string, now?: Date): Promise<PassReport> {
    const entry = this.entry(name);
    entry.running ??= this.pass(entry, now ?? entry.job.now?.() ?? new Date()).finally(
      () => (entry.running = undefined),
    );
    return entry.running;
  }

  status(): JobStatus[] {
    return [...this.jobs.values()].map((e) => ({
      name: e.job.name,
      everyMs: e.job.everyMs,
      running: e.running !== undefined,
      holding: e.holding,
      lastStartedAt: e.lastStartedAt?.toISOString() ?? null,
      lastFinishedAt: e.lastFinishedAt?.toISOString() ?? null,
      lastPass: e.lastPass ?? null,
      lastError: e.lastError ?? null,
    }));
  }

  /** Claims nothing more; the passes under way finish the rows they hold and release them. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const name of this.jobs.keys()) this.unschedule(name);
    await Promise.all([...this.jobs.values()].map((e) => e.running?.catch(() => undefined)));
  }

  // The first shutdown hook: the rows are finished while the database connection and the services are still up.
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private entry(name: string): Entry {
    const entry = this.jobs.get(name);
    if (!entry) throw new Error(`No job named ${name}`);
    return entry;
  }

  private timeoutName(name: string): string {
    return `claimed-job:${name}`;
  }

  private scheduleNext(name: string): void {
    if (this.stopping) return;
    const { job } = this.entry(name);
    const timer = setTimeout(() => {
      this.unschedule(name);
      this.run(name)
        .catch((err: Error) => this.logger.warn(`${name}: the pass failed: ${err.message}`))
        .finally(() => this.scheduleNext(name));
    }, job.everyMs);
    timer.unref();
    this.scheduler.addTimeout(this.timeoutName(name), timer);
  }

  private unschedule(name: string): void {
    const id = this.timeoutName(name);
    if (this.scheduler.doesExist('timeout', id)) this.scheduler.deleteTimeout(id);
  }

  private async pass(entry: Entry, now: Date): Promise<PassReport> {
    const { job } = entry;
    const report: PassReport = { looked: 0, outcomes: {}, failed: 0 };
    entry.lastStartedAt = new Date();
    const worker = async () => {
      while (!this.stopping && report.looked < job.passLimit) {
        const claim: Claim = { owner: randomUUID(), leaseMs: job.leaseMs };
        let row: never | null;
        try {
          row = await job.claimNext(claim, now);
        } catch (err) {
          // The store is failing: this worker stops here, the next pass tries again.
          report.failed++;
          this.metrics.jobFailures.inc({ job: job.name, stage: 'claim' });
          this.logger.warn(`${job.name}: claiming failed: ${(err as Error).message}`);
          return;
        }
        if (row === null) return;
        report.looked++;
        entry.holding++;
        try {
          const outcome = await job.work(row, claim, now);
          report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
          this.metrics.jobRows.inc({ job: job.name, outcome });
        } catch (err) {
          report.failed++;
          this.metrics.jobFailures.inc({ job: job.name, stage: 'work' });
          this.logger.warn(`${job.name}: a row failed: ${(err as Error).message}`);
          await job.pushBack?.(row, claim, err as Error).catch(() => undefined);
        } finally {
          entry.holding--;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: job.workers }, worker));
      if (job.afterPass && !this.stopping) {
        const extra = await job.afterPass(now).catch((err: Error) => {
          this.logger.warn(`${job.name}: after the pass: ${err.message}`);
          return {};
        });
        for (const [k, n] of Object.entries(extra)) report.outcomes[k] = (report.outcomes[k] ?? 0) + n;
      }
      entry.lastError = undefined;
    } catch (err) {
      entry.lastError = (err as Error).message;
      throw err;
    } finally {
      entry.lastFinishedAt = new Date();
      entry.lastPass = report;
    }
    if (report.looked || Object.values(report.outcomes).some(Boolean))
      this.logger.log(
        `${job.name}: ${report.looked} claimed, ${JSON.stringify(report.outcomes)}, ${report.failed} failed`,
      );
    return report;
  }
}
