import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { LeasedRows, unheld } from '../database/leased-rows';
import { PictureImportRecord, PictureRecord, type ImportState } from './picture.schema';

export interface PictureImport {
  key: string;
  token: string;
  url: string;
  state: ImportState;
  attempts: number;
  lastError?: string;
}

export interface PictureInfo {
  id: string;
  width: number;
  height: number;
}

const toImport = (d: PictureImportRecord): PictureImport => ({
  key: d.key,
  token: d.token,
  url: d.url,
  state: d.state,
  attempts: d.attempts ?? 0,
  ...(d.lastError ? { lastError: d.lastError } : {}),
});

@Injectable()
export class PicturesRepository {
  private readonly leases: LeasedRows<PictureImportRecord>;

  constructor(
    @InjectModel(PictureRecord.name) private readonly pictures: Model<PictureRecord>,
    @InjectModel(PictureImportRecord.name) private readonly imports: Model<PictureImportRecord>,
  ) {
    this.leases = new LeasedRows(imports, 'key');
  }

  /** Records a held picture once (the same content stored again changes nothing). */
  async addPicture(info: PictureInfo & { bytes: number }): Promise<void> {
    await this.pictures
      .updateOne(
        { _id: info.id },
        { $setOnInsert: { width: info.width, height: info.height, bytes: info.bytes, createdAt: new Date() } },
        { upsert: true },
      )
      .exec()
      .catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
  }

  async findPicture(id: string): Promise<PictureInfo | null> {
    const d = await this.pictures.findById(id).lean<PictureRecord>().exec();
    return d ? { id: d._id, width: d.width, height: d.height } : null;
  }

  /** Asks for `url` to be imported for `key`, replacing whatever import that key had (its outcome is dropped). */
  async request(key: string, token: string, url: string): Promise<void> {
    const now = new Date();
    await this.imports
      .updateOne(
        { key },
        {
          $set: { token, url, state: 'pending', attempts: 0, nextAttemptAt: now, owner: null, leaseUntil: null },
          $unset: { lastError: 1, pictureId: 1 },
          $setOnInsert: { createdAt: now },
        },
        { upsert: true },
      )
      .exec()
      .catch(async (err: unknown) => {
        // Two requests for one key at once: the other inserted it; this one's token still wins the update.
        if (!isDuplicateKey(err)) throw err;
        await this.request(key, token, url);
      });
  }

  claimNextDue(owner: string, leaseMs: number): Promise<PictureImport | null> {
    return this.leases
      .claim<PictureImportRecord>(
        { state: 'pending', nextAttemptAt: { $lte: new Date() }, ...unheld() },
        owner,
        leaseMs,
        { nextAttemptAt: 1, _id: 1 },
      )
      .then((d) => (d ? toImport(d) : null));
  }

  /** The holder's outcome; false when the import was replaced or taken over meanwhile. */
  async settle(
    row: PictureImport,
    owner: string,
    outcome: { state: 'done'; pictureId: string } | { state: 'failed'; error: string },
  ): Promise<boolean> {
    const set =
      outcome.state === 'done'
        ? { state: 'done', pictureId: outcome.pictureId }
        : { state: 'failed', lastError: outcome.error.slice(0, 500) };
    const d = await this.leases.release(row.key, owner, set, { match: { token: row.token }, inc: { attempts: 1 } });
    return d !== null;
  }

  /** Lets go after a failure that may pass: due again at `nextAttemptAt`. */
  async retryLater(row: PictureImport, owner: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.leases.pushBack(row.key, owner, error, nextAttemptAt);
  }

  /** Imports not finished yet, and when the earliest of them is due. */
  async pending(): Promise<{ count: number; nextAt: Date | null }> {
    const [count, first] = await Promise.all([
      this.imports.countDocuments({ state: 'pending' }).exec(),
      this.imports.findOne({ state: 'pending' }).sort({ nextAttemptAt: 1 }).lean<PictureImportRecord>().exec(),
    ]);
    return { count, nextAt: first?.nextAttemptAt ?? null };
  }

  /** How the imports ended, per state. */
  async countByState(): Promise<Record<ImportState, number>> {
    const counts = { pending: 0, done: 0, failed: 0 };
    for (const state of Object.keys(counts) as ImportState[])
      counts[state] = await this.imports.countDocuments({ state }).exec();
    return counts;
  }

  findImport(key: string): Promise<PictureImport | null> {
    return this.imports
      .findOne({ key })
      .lean<PictureImportRecord>()
      .exec()
      .then((d) => (d ? toImport(d) : null));
  }
}
