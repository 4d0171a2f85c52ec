import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { CHANNELS, PHASES, TELEMETRY_RETENTION_SECONDS, type Channel, type Phase } from './telemetry.model';

/** Which release a record is about: the remote, its version (null: an unversioned build) and how it was served. */
abstract class ReleaseRecord {
  @Prop({ required: true })
  remote: string;

  @Prop({ type: String, default: null })
  version: string | null;

  @Prop({ type: String, enum: CHANNELS, required: true })
  channel: Channel;
}

/** Page loads of one release through one channel in one minute: every replica `$inc`s the same record. */
@Schema({ collection: 'telemetry_loads', versionKey: false })
export class LoadCountRecord extends ReleaseRecord {
  /** remote, version, channel and minute: one record per bucket, whichever replica creates it. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  minute: Date;

  @Prop({ required: true })
  loads: number;
}

export const LoadCountSchema = SchemaFactory.createForClass(LoadCountRecord);
LoadCountSchema.index({ minute: 1 }, { expireAfterSeconds: TELEMETRY_RETENTION_SECONDS });

/** One reported error (no address, no account; the message redacted before it gets here). */
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
ErrorReportSchema.index({ remote: 1, version: 1, at: -1 });
