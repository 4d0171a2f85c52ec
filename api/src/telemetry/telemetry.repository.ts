import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model, mongo } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { LAST_ERRORS_MAX, type ClientMark, type CountDelta, type ErrorReport, type LastError } from './telemetry.model';
import {
  ErrorReportRecord,
  RecentErrorsRecord,
  ReleaseClientRecord,
  ReleaseCountRecord,
  ReportMarkRecord,
} from './telemetry.schema';

export interface ReleaseTotal {
  remote: string;
  version: string | null;
  loads: number;
  errors: number;
  errorLoads: number;
  lastErrorAt: Date | null;
}

type Release = { remote: string; version: string | null };

/** A browser's override runs a developer's build, not a release: it counts in no release's health. */
const RELEASES_ONLY = { channel: { $ne: 'override' as const } };

const writeErrorsOf = (err: unknown) => (err as { writeErrors?: { index: number; code?: number }[] }).writeErrors;

/**
 * Runs upserts in one round trip. Two replicas that create the same new record at once: the loser's update is
 * applied again, to the winner's record.
 */
async function upsertAll<T>(model: Model<T>, ops: Parameters<Model<T>['bulkWrite']>[0]): Promise<void> {
  try {
    await model.bulkWrite(ops, { ordered: false });
  } catch (err) {
    const failed = writeErrorsOf(err);
    if (!failed?.length || !failed.every(isDuplicateKey)) throw err;
    await model.bulkWrite(
      failed.map((e) => ops[e.index]),
      { ordered: false },
    );
  }
}

@Injectable()
export class TelemetryRepository {
  constructor(
    @InjectModel(ReleaseCountRecord.name) private readonly countsModel: Model<ReleaseCountRecord>,
    @InjectModel(ReportMarkRecord.name) private readonly marksModel: Model<ReportMarkRecord>,
    @InjectModel(RecentErrorsRecord.name) private readonly recentModel: Model<RecentErrorsRecord>,
    @InjectModel(ErrorReportRecord.name) private readonly errorsModel: Model<ErrorReportRecord>,
    @InjectModel(ReleaseClientRecord.name) private readonly clientsModel: Model<ReleaseClientRecord>,
  ) {}

  /**
   * Records each mark that no replica recorded before; returns those this call recorded (the unique `_id` decides,
   * so a token's load counts once however many replicas see it at once).
   */
  async markOnce(ids: string[], expiresAt: Date): Promise<Set<string>> {
    if (!ids.length) return new Set();
    try {
      // The driver's own insert: mongoose's would hide which of them were duplicates.
      const marks = this.marksModel.collection as unknown as mongo.Collection<ReportMarkRecord>;
      await marks.insertMany(
        ids.map((_id) => ({ _id, n: 0, expiresAt })),
        { ordered: false },
      );
      return new Set(ids);
    } catch (err) {
      const failed = writeErrorsOf(err);
      if (!failed?.length || !failed.every(isDuplicateKey)) throw err;
      const taken = new Set(failed.map((e) => e.index));
      return new Set(ids.filter((_, i) => !taken.has(i)));
    }
  }

  /** Adds `wanted` to the mark's count; returns how many of them fit under `max` (atomic across replicas). */
  async takeUpTo(
    id: string,
    wanted: number,
    max: number,
    expiresAt: Date,
  ): Promise<{ granted: number; first: boolean }> {
    for (let attempt = 0; ; attempt++) {
      try {
        const after = await this.marksModel
          .findOneAndUpdate(
            { _id: id },
            { $inc: { n: wanted }, $setOnInsert: { expiresAt } },
            { upsert: true, returnDocument: 'after' },
          )
          .lean<ReportMarkRecord>()
          .exec();
        const before = (after?.n ?? wanted) - wanted;
        return { granted: Math.max(0, Math.min(wanted, max - before)), first: before === 0 };
      } catch (err) {
        // Two replicas created the mark at once: the loser's `$inc` goes to the winner's record.
        if (!isDuplicateKey(err) || attempt > 0) throw err;
      }
    }
  }

  /** Adds to the figures' minute buckets: one round trip for the whole batch, an atomic `$inc` per bucket. */
  async addCounts(deltas: CountDelta[]): Promise<void> {
    if (!deltas.length) return;
    const ops: AnyBulkWriteOperation<ReleaseCountRecord>[] = deltas.map(
      ({ loads, errors, errorLoads, lastErrorAt, ...bucket }) => ({
        updateOne: {
          filter: { _id: bucketId(bucket) },
          update: {
            $inc: { loads, errorCount: errors, errorLoads },
            $setOnInsert: bucket,
            ...(lastErrorAt ? { $max: { lastErrorAt } } : {}),
          },
          upsert: true,
        },
      }),
    );
    await upsertAll(this.countsModel, ops);
  }

  /** Records that each client had a counted report of its release at `at` (and an error, when it erred). */
  async markClients(marks: ClientMark[], at: Date): Promise<void> {
    if (!marks.length) return;
    const ops: AnyBulkWriteOperation<ReleaseClientRecord>[] = marks.map(({ remote, version, client, erred }) => ({
      updateOne: {
        filter: { _id: `${releaseId({ remote, version })}|${client}` },
        update: { $max: { seenAt: at, ...(erred ? { erredAt: at } : {}) }, $setOnInsert: { remote, version } },
        upsert: true,
      },
    }));
    await upsertAll(this.clientsModel, ops);
  }

  /** Distinct clients of each release since `since`, and those of them with an error since then (indexed counts). */
  async clientTotals(
    since: Date,
    releases: Release[],
  ): Promise<Map<string, { clients: number; errorClients: number }>> {
    const counted = await Promise.all(
      releases.map(async ({ remote, version }) => {
        const [clients, errorClients] = await Promise.all([
          this.clientsModel.countDocuments({ remote, version, seenAt: { $gte: since } }).exec(),
          this.clientsModel.countDocuments({ remote, version, erredAt: { $gte: since } }).exec(),
        ]);
        return [releaseId({ remote, version }), { clients, errorClients }] as const;
      }),
    );
    return new Map(counted);
  }

  /** Stores counted errors, and keeps each release's newest ones for health. */
  async addErrors(reports: ErrorReport[]): Promise<void> {
    if (!reports.length) return;
    const byRelease = new Map<string, { release: Release; errors: LastError[] }>();
    for (const { at, remote, version, channel, route, phase, traceId, message } of reports) {
      const key = releaseId({ remote, version });
      const entry = byRelease.get(key) ?? { release: { remote, version }, errors: [] };
      entry.errors.push({ at, phase, route, ...(message ? { message } : {}), traceId, channel });
      byRelease.set(key, entry);
    }
    const at = reports[reports.length - 1].at;
    const recent: AnyBulkWriteOperation<RecentErrorsRecord>[] = [...byRelease].map(([_id, { release, errors }]) => ({
      updateOne: {
        filter: { _id },
        update: {
          $push: { latest: { $each: errors, $slice: -LAST_ERRORS_MAX } },
          $set: { at },
          $setOnInsert: release,
        },
        upsert: true,
      },
    }));
    await Promise.all([
      this.errorsModel.insertMany(reports, { ordered: false, lean: true }),
      upsertAll(this.recentModel, recent),
    ]);
  }

  /** Counted figures per release since `since` (whole minutes): a sum over the release's minute buckets. */
  async totals(since: Date, remote?: string): Promise<ReleaseTotal[]> {
    const rows = await this.countsModel
      .aggregate<{ _id: Release } & Omit<ReleaseTotal, 'remote' | 'version'>>([
        { $match: { minute: { $gte: since }, ...RELEASES_ONLY, ...(remote ? { remote } : {}) } },
        {
          $group: {
            _id: { remote: '$remote', version: '$version' },
            loads: { $sum: '$loads' },
            errors: { $sum: '$errorCount' },
            errorLoads: { $sum: '$errorLoads' },
            lastErrorAt: { $max: '$lastErrorAt' },
          },
        },
      ])
      .exec();
    return rows.map(({ _id, loads, errors, errorLoads, lastErrorAt }) => ({
      remote: _id.remote,
      version: _id.version ?? null,
      loads,
      errors,
      errorLoads,
      lastErrorAt: lastErrorAt ?? null,
    }));
  }

  /** The newest errors since `since` of each release (by release id), in one read. */
  async lastErrors(since: Date, remote?: string): Promise<Map<string, LastError[]>> {
    const docs = await this.recentModel
      .find({ at: { $gte: since }, ...(remote ? { remote } : {}) })
      .lean<RecentErrorsRecord[]>()
      .exec();
    return new Map(
      docs.map((doc) => [
        releaseId(doc),
        doc.latest
          .filter((e) => e.at >= since)
          .reverse()
          .map(({ at, phase, route, message, traceId, channel }) => ({
            at,
            phase,
            route,
            ...(message ? { message } : {}),
            traceId,
            channel,
          })),
      ]),
    );
  }
}

export const releaseId = (r: Release) => `${r.remote}|${r.version ?? '-'}`;

const bucketId = (b: Omit<CountDelta, 'loads' | 'errors' | 'errorLoads' | 'lastErrorAt'>) =>
  `${b.remote}|${b.version ?? '-'}|${b.channel}|${b.minute.toISOString()}`;
