import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ApiMetrics } from '../metrics/api-metrics';
import { redact } from './redact';
import { verifyReportToken } from '@sportify/platform/keys';
import {
  ERRORS_PER_PAGE,
  type Channel,
  type ClientMark,
  type CountDelta,
  type ErrorReport,
  type Health,
  type ReleaseHealth,
  type TelemetryEvent,
} from './telemetry.model';
import { releaseId, TelemetryRepository } from './telemetry.repository';

const MINUTE = 60_000;
const compare = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
const floorToMinute = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE);

@Injectable()
export class TelemetryService {
  constructor(
    private readonly repository: TelemetryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: ApiMetrics,
  ) {}

  /**
   * Counts a batch: each event under its own token, else the batch's (the page server's batches mix page loads).
   * Returns how many events counted.
   */
  async record(batchToken: string | undefined, events: TelemetryEvent[]): Promise<number> {
    const byToken = new Map<string | undefined, TelemetryEvent[]>();
    for (const event of events) {
      const token = event.token ?? batchToken;
      byToken.set(token, [...(byToken.get(token) ?? []), event]);
    }
    let counted = 0;
    for (const [token, list] of byToken) counted += await this.recordPage(token, list);
    return counted;
  }

  /**
   * Counts the events of one page load that the page server served: only with its valid token, only events of that
   * page load about the releases the token names, its load once per part (whichever replica, however often it is
   * sent), and at most ERRORS_PER_PAGE errors per part; and, for each release with a counted report, the client the
   * token names (its network's digest, never an address). Anything else is dropped.
   */
  private async recordPage(token: string | undefined, events: TelemetryEvent[]): Promise<number> {
    const verified = verifyReportToken(this.config.reportKey, token);
    if (!verified) return 0;
    const page = {
      ...verified,
      releases: new Map(
        Object.entries(verified.releases).map(([part, [version, channel]]) => [
          part,
          { version, channel: channel as Channel },
        ]),
      ),
    };
    const now = Date.now();
    const minute = floorToMinute(now);
    const served = events.filter((e) => {
      const release = page.releases.get(e.remote);
      return (
        e.traceId.toLowerCase() === page.traceId && release?.version === e.version && release.channel === e.channel
      );
    });
    const mark = (kind: string, remote: string) => `${page.traceId}|${kind}|${remote}`;

    const loaded = [...new Set(served.filter((e) => e.kind === 'load').map((e) => e.remote))];
    const failedBy = new Map<string, TelemetryEvent[]>();
    for (const e of served) if (e.kind === 'error') failedBy.set(e.remote, [...(failedBy.get(e.remote) ?? []), e]);

    const [newLoads, allowed] = await Promise.all([
      this.repository.markOnce(
        loaded.map((remote) => mark('load', remote)),
        page.expiresAt,
      ),
      Promise.all(
        [...failedBy].map(async ([remote, list]) => {
          const { granted, first } = await this.repository.takeUpTo(
            mark('errors', remote),
            list.length,
            ERRORS_PER_PAGE,
            page.expiresAt,
          );
          return { remote, list: list.slice(0, granted), first };
        }),
      ),
    ]);

    const deltas = new Map<string, CountDelta>();
    const deltaOf = (remote: string): CountDelta => {
      const release = page.releases.get(remote)!;
      let delta = deltas.get(remote);
      if (!delta) {
        delta = { remote, ...release, minute, loads: 0, errors: 0, errorLoads: 0, lastErrorAt: null };
        deltas.set(remote, delta);
      }
      return delta;
    };
    for (const remote of loaded) if (newLoads.has(mark('load', remote))) deltaOf(remote).loads += 1;
    const errors: ErrorReport[] = [];
    for (const { remote, list, first } of allowed) {
      if (!list.length) continue;
      const delta = deltaOf(remote);
      delta.errors += list.length;
      if (first) delta.errorLoads += 1;
      delta.lastErrorAt = new Date(now);
      for (const e of list) {
        const message = e.message?.trim();
        errors.push({
          at: new Date(now),
          remote: e.remote,
          version: e.version,
          channel: e.channel,
          route: redact(e.route),
          phase: e.phase!,
          traceId: page.traceId,
          ...(message ? { message: redact(message) } : {}),
        });
      }
    }
    const clients: ClientMark[] = page.client
      ? [...deltas.values()].map(({ remote, version, errors: erred }) => ({
          remote,
          version,
          client: page.client!,
          erred: erred > 0,
        }))
      : [];
    await Promise.all([
      this.repository.addCounts([...deltas.values()]),
      this.repository.addErrors(errors),
      this.repository.markClients(clients, new Date(now)),
    ]);
    // This replica's share; summed over replicas, their rates per release are the canaries' error rates.
    for (const d of deltas.values()) {
      const release = { remote: d.remote, version: d.version ?? '', channel: d.channel };
      if (d.loads) this.metrics.pageLoads.inc(release, d.loads);
      if (d.errorLoads) this.metrics.errorLoads.inc(release, d.errorLoads);
    }
    return [...deltas.values()].reduce((sum, d) => sum + d.loads + d.errors, 0);
  }

  /** Loads and errors per release over the last `minutes` (from the start of that minute), from every replica. */
  async health(minutes: number, remote?: string): Promise<Health> {
    const until = new Date();
    const since = floorToMinute(until.getTime() - minutes * MINUTE);
    const [totals, lastErrors] = await Promise.all([
      this.repository.totals(since, remote),
      this.repository.lastErrors(since, remote),
    ]);
    // Every release with a counted report has counters: its clients are counted for those releases only.
    const clientTotals = await this.repository.clientTotals(since, totals);
    const list: ReleaseHealth[] = totals
      .map((t) => {
        const { clients, errorClients } = clientTotals.get(releaseId(t)) ?? { clients: 0, errorClients: 0 };
        return {
          ...t,
          errorRate: Math.min(t.errorLoads / Math.max(t.loads, 1), 1),
          clients,
          errorClients,
          clientErrorRate: Math.min(errorClients / Math.max(clients, 1), 1),
          lastErrors: t.errors ? (lastErrors.get(releaseId(t)) ?? []) : [],
        };
      })
      .sort((a, b) => compare(a.remote, b.remote) || compare(a.version, b.version));
    return { since, until, releases: list };
  }
}
