import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { LAST_ERRORS_MAX, type ErrorReport, type LastError, type LoadCount } from './telemetry.model';
import { ErrorReportRecord, LoadCountRecord } from './telemetry.schema';

export interface LoadTotal {
  remote: string;
  version: string | null;
  loads: number;
}

export interface ErrorTotal {
  remote: string;
  version: string | null;
  errors: number;
  errorLoads: number;
  lastErrorAt: Date;
}

type Release = { remote: string; version: string | null };

/** A browser's override runs a developer's build, not a release: its reports are kept but count in no release's health. */
const RELEASES_ONLY = { channel: { $ne: 'override' as const } };

@Injectable()
export class TelemetryRepository {
  constructor(
    @InjectModel(LoadCountRecord.name) private readonly loadsModel: Model<LoadCountRecord>,
    @InjectModel(ErrorReportRecord.name) private readonly errorsModel: Model<ErrorReportRecord>,
  ) {}

  /** Adds page loads to their minute buckets: one round trip for the whole batch, an atomic `$inc` per bucket. */
  async addLoads(counts: LoadCount[]): Promise<void> {
    if (!counts.length) return;
    const ops: AnyBulkWriteOperation<LoadCountRecord>[] = counts.map(({ loads, ...bucket }) => ({
      updateOne: {
        filter: { _id: bucketId(bucket) },
        update: { $inc: { loads }, $setOnInsert: bucket },
        upsert: true,
      },
    }));
    try {
      await this.loadsModel.bulkWrite(ops, { ordered: false });
    } catch (err) {
      // Two replicas created the same new bucket at once: the loser's `$inc` is applied to the winner's record.
      const failed = (err as { writeErrors?: { index: number; code?: number }[] }).writeErrors;
      if (!failed?.length || !failed.every(isDuplicateKey)) throw err;
      await this.loadsModel.bulkWrite(
        failed.map((e) => ops[e.index]),
        { ordered: false },
      );
    }
  }

  async addErrors(reports: ErrorReport[]): Promise<void> {
    if (reports.length) await this.errorsModel.insertMany(reports, { ordered: false, lean: true });
  }

  /** Page loads per release since `since` (whole minutes). */
  async loadTotals(since: Date, remote?: string): Promise<LoadTotal[]> {
    const rows = await this.loadsModel
      .aggregate<{ _id: Release; loads: number }>([
        { $match: { minute: { $gte: since }, ...RELEASES_ONLY, ...(remote ? { remote } : {}) } },
        { $group: { _id: { remote: '$remote', version: '$version' }, loads: { $sum: '$loads' } } },
      ])
      .exec();
    return rows.map((r) => ({ remote: r._id.remote, version: r._id.version ?? null, loads: r.loads }));
  }

  /** Errors per release since `since`, with how many distinct page loads (trace ids) had them. */
  async errorTotals(since: Date, remote?: string): Promise<ErrorTotal[]> {
    const rows = await this.errorsModel
      .aggregate<{ _id: Release; errors: number; errorLoads: number; lastErrorAt: Date }>([
        { $match: { at: { $gte: since }, ...RELEASES_ONLY, ...(remote ? { remote } : {}) } },
        {
          $group: {
            _id: { remote: '$remote', version: '$version', traceId: '$traceId' },
            errors: { $sum: 1 },
            lastErrorAt: { $max: '$at' },
          },
        },
        {
          $group: {
            _id: { remote: '$_id.remote', version: '$_id.version' },
            errors: { $sum: '$errors' },
            errorLoads: { $sum: 1 },
            lastErrorAt: { $max: '$lastErrorAt' },
          },
        },
      ])
      .exec();
    return rows.map((r) => ({
      remote: r._id.remote,
      version: r._id.version ?? null,
      errors: r.errors,
      errorLoads: r.errorLoads,
      lastErrorAt: r.lastErrorAt,
    }));
  }

  /** The newest errors of one release since `since`. */
  async lastErrors(release: Release, since: Date): Promise<LastError[]> {
    const docs = await this.errorsModel
      .find({ remote: release.remote, version: release.version, at: { $gte: since }, ...RELEASES_ONLY })
      .sort({ at: -1, _id: -1 })
      .limit(LAST_ERRORS_MAX)
      .select({ _id: 0, at: 1, phase: 1, route: 1, message: 1, traceId: 1, channel: 1 })
      .lean<LastError[]>()
      .exec();
    return docs.map(({ at, phase, route, message, traceId, channel }) => ({
      at,
      phase,
      route,
      ...(message ? { message } : {}),
      traceId,
      channel,
    }));
  }
}

const bucketId = (b: Omit<LoadCount, 'loads'>) =>
  `${b.remote}|${b.version ?? '-'}|${b.channel}|${b.minute.toISOString()}`;
