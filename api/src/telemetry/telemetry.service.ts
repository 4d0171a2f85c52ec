import { Injectable } from '@nestjs/common';
import { redact } from './redact';
import type { ErrorReport, Health, LoadCount, ReleaseHealth, TelemetryEvent } from './telemetry.model';
import { TelemetryRepository } from './telemetry.repository';

const MINUTE = 60_000;
const compare = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
const floorToMinute = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE);

@Injectable()
export class TelemetryService {
  constructor(private readonly repository: TelemetryRepository) {}

  /** Stores one batch: page loads summed into minute buckets, errors one by one. Nothing about the sender is kept. */
  async record(events: TelemetryEvent[]): Promise<void> {
    const now = Date.now();
    const minute = floorToMinute(now);
    const loads = new Map<string, LoadCount>();
    const seen = new Set<string>();
    const errors: ErrorReport[] = [];
    for (const e of events) {
      const traceId = e.traceId.toLowerCase();
      if (e.kind === 'load') {
        // A page load counts once per release, however often a batch repeats it.
        const once = `${e.remote}|${e.version}|${e.channel}|${traceId}`;
        if (seen.has(once)) continue;
        seen.add(once);
        const key = `${e.remote}|${e.version}|${e.channel}`;
        const bucket = loads.get(key) ?? { remote: e.remote, version: e.version, channel: e.channel, minute, loads: 0 };
        bucket.loads += 1;
        loads.set(key, bucket);
      } else {
        const message = e.message?.trim();
        errors.push({
          at: new Date(now),
          remote: e.remote,
          version: e.version,
          channel: e.channel,
          route: redact(e.route),
          phase: e.phase!,
          traceId,
          ...(message ? { message: redact(message) } : {}),
        });
      }
    }
    await Promise.all([this.repository.addLoads([...loads.values()]), this.repository.addErrors(errors)]);
  }

  /** Loads and errors per release over the last `minutes` (from the start of that minute), from every replica. */
  async health(minutes: number, remote?: string): Promise<Health> {
    const until = new Date();
    const since = floorToMinute(until.getTime() - minutes * MINUTE);
    const [loadTotals, errorTotals] = await Promise.all([
      this.repository.loadTotals(since, remote),
      this.repository.errorTotals(since, remote),
    ]);
    const releases = new Map<string, ReleaseHealth>();
    const releaseOf = (r: { remote: string; version: string | null }) => {
      const key = JSON.stringify([r.remote, r.version]);
      let entry = releases.get(key);
      if (!entry) {
        entry = {
          remote: r.remote,
          version: r.version,
          loads: 0,
          errorLoads: 0,
          errors: 0,
          errorRate: 0,
          lastErrorAt: null,
          lastErrors: [],
        };
        releases.set(key, entry);
      }
      return entry;
    };
    for (const t of loadTotals) releaseOf(t).loads = t.loads;
    for (const t of errorTotals)
      Object.assign(releaseOf(t), { errors: t.errors, errorLoads: t.errorLoads, lastErrorAt: t.lastErrorAt });
    const list = [...releases.values()].sort((a, b) => compare(a.remote, b.remote) || compare(a.version, b.version));
    await Promise.all(
      list.map(async (r) => {
        r.errorRate = Math.min(r.errorLoads / Math.max(r.loads, 1), 1);
        if (r.errors) r.lastErrors = await this.repository.lastErrors(r, since);
      }),
    );
    return { since, until, releases: list };
  }
}
