import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  CHANNELS,
  PHASES,
  TELEMETRY_RETENTION_SECONDS,
  type Channel,
  type LastError,
  type Phase,
} from './telemetry.model';

/** Which release a record is about: the remote, its version (null: an unversioned build) and how it was served. */
abstract class ReleaseRecord {
  @Prop({ required: true })
  remote: string;

  @Prop({ type: String, default: null })
  version: string | null;

  @Prop({ type: String, enum: CHANNELS, required: true })
  channel: Channel;
}

/**
 * The counted figures of one release through one channel in one minute: every replica `$inc`s the same record when
 * it counts a report, so health reads a few of these per release instead of the reports themselves.
 */
@Schema({ collection: 'telemetry_counts', versionKey: false })
export class ReleaseCountRecord extends ReleaseRecord {
  /** remote, version, channel and minute: one record per bucket, whichever replica creates it. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  minute: Date;

  // No defaults: every write is an upsert with `$inc` and `$max` of these.
  @Prop()
  loads: number;

  @Prop()
  errorCount: number;

  /** Page loads (tokens) whose first counted error of this release was in this minute. */
  @Prop()
  errorLoads: number;

  @Prop({ type: Date })
  lastErrorAt?: Date;
}

export const ReleaseCountSchema = SchemaFactory.createForClass(ReleaseCountRecord);
ReleaseCountSchema.index({ minute: 1 }, { expireAfterSeconds: TELEMETRY_RETENTION_SECONDS });

/**
 * What one page's token has used, shared by every replica: `<trace>|load|<part>` once its load counted,
 * `<trace>|errors|<part>` with how many of its errors were reported. Kept until the token expires.
 */
@Schema({ collection: 'telemetry_marks', versionKey: false })
export class ReportMarkRecord {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop()
  n: number;

  @Prop({ required: true })
  expiresAt: Date;
}

export const ReportMarkSchema = SchemaFactory.createForClass(ReportMarkRecord);
ReportMarkSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/**
 * One client (its network, as its page tokens name it) of one release: when it last had a counted report, and a
 * counted error. Health counts these for the release's distinct clients, so one client counts once however often it
 * reports.
 */
@Schema({ collection: 'telemetry_clients', versionKey: false })
export class ReleaseClientRecord {
  /** remote, version and client: one record per client of a release, whichever replica creates it. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  remote: string;

  @Prop({ type: String, default: null })
  version: string | null;

  @Prop({ required: true })
  seenAt: Date;

  @Prop({ type: Date })
  erredAt?: Date;
}

export const ReleaseClientSchema = SchemaFactory.createForClass(ReleaseClientRecord);
ReleaseClientSchema.index({ seenAt: 1 }, { expireAfterSeconds: TELEMETRY_RETENTION_SECONDS });
ReleaseClientSchema.index({ remote: 1, version: 1, seenAt: 1 });
ReleaseClientSchema.index({ remote: 1, version: 1, erredAt: 1 });

/** The newest counted errors of one release (at most LAST_ERRORS_MAX, oldest first), for health's last errors. */
@Schema({ collection: 'telemetry_recent', versionKey: false })
export class RecentErrorsRecord {
  /** remote and version. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  remote: string;

  @Prop({ type: String, default: null })
  version: string | null;

  @Prop({ type: [Object] })
  latest: LastError[];

  @Prop({ required: true })
  at: Date;
}

export const RecentErrorsSchema = SchemaFactory.createForClass(RecentErrorsRecord);
RecentErrorsSchema.index({ at: 1 }, { expireAfterSeconds: TELEMETRY_RETENTION_SECONDS });

/** One counted error (no address, no account; the message redacted before it gets here). */
@Schema({ collection: 'telemetry_errors', versionKey: false })
export class ErrorReportRecord extends ReleaseRecord {
  @Prop({ required: true })
  at: Date;

  @Prop({ required: true })
  route: string;

  @Prop({ type: String, enum: PHASES, required: true })
  phase: Phase;

  @Prop({ required: true })
  traceId: string;

  @Prop()
  message?: string;
}

export const ErrorReportSchema = SchemaFactory.createForClass(ErrorReportRecord);
ErrorReportSchema.index({ at: 1 }, { expireAfterSeconds: TELEMETRY_RETENTION_SECONDS });
