import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One held picture, by content: its file (and its sizes) are in the picture store under `<id>/`. */
@Schema({ collection: 'pictures', versionKey: false })
export class PictureRecord {
  /** The kept picture's content hash. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  width: number;

  @Prop({ required: true })
  height: number;

  @Prop({ required: true })
  bytes: number;

  @Prop({ required: true })
  createdAt: Date;
}

export const PictureSchema = SchemaFactory.createForClass(PictureRecord);

export const IMPORT_STATES = ['pending', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A picture to fetch from a URL for one class or person (`key`), claimed by the import job like the outbox's rows. */
@Schema({ collection: 'picture_imports', versionKey: false })
export class PictureImportRecord {
  /** Whose picture: `class:<id>` or `user:<e-mail>`; one import at a time each. */
  @Prop({ required: true })
  key: string;

  /** Names this request: a newer picture for the same key replaces it, and the older outcome is not written. */
  @Prop({ required: true })
  token: string;

  @Prop({ required: true })
  url: string;

  @Prop({ type: String, enum: IMPORT_STATES, required: true })
  state: ImportState;

  @Prop({ default: 0 })
  attempts: number;

  @Prop({ required: true })
  nextAttemptAt: Date;

  @Prop()
  lastError?: string;

  @Prop({ type: String, default: null })
  owner?: string | null;

  @Prop({ type: Date, default: null })
  leaseUntil?: Date | null;

  @Prop()
  pictureId?: string;

  @Prop({ required: true })
  createdAt: Date;
}

export const PictureImportSchema = SchemaFactory.createForClass(PictureImportRecord);
PictureImportSchema.index({ key: 1 }, { unique: true });
// The job's look for due imports, oldest due first.
PictureImportSchema.index({ state: 1, nextAttemptAt: 1, _id: 1 });
