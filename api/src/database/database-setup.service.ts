import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * Creates every model's collection and indexes once at boot, one after the other, before the app listens.
 * The embedded database can fail when two writes create a collection implicitly at the same time, and the unique
 * indexes are part of the API's correctness (one user per e-mail, one payment per transaction), not an optimisation.
 */
/**
 * Unique indexes replaced by wider ones: with families, a seat is per participant (the account holder or one of its
 * campers), so (email, class) became (email, class, camperId). Left in place, the old index would refuse a family's
 * second camper. Rows without a camperId keep their meaning: a missing field indexes as null, the account holder.
 */
const REPLACED_INDEXES: { collection: string; name: string }[] = [
  { collection: 'selections', name: 'studentEmail_1_classId_1' },
  { collection: 'payments', name: 'email_1_classId_1' },
  { collection: 'waitlist_entries', name: 'classId_1_studentEmail_1' },
];

@Injectable()
export class DatabaseSetupService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DatabaseSetupService.name);

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureCollectionsAndIndexes();
  }

  async ensureCollectionsAndIndexes(): Promise<void> {
    const existing = new Set(
      (await this.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name),
    );
    for (const model of Object.values(this.connection.models)) {
      if (!existing.has(model.collection.collectionName)) {
        await this.connection.db!.createCollection(model.collection.collectionName).catch((err: { code?: number }) => {
          if (err.code !== 48) throw err; // 48: created meanwhile by another process (e.g. the seed)
        });
      }
      await this.dropReplaced(model.collection.collectionName);
      await model.createIndexes();
    }
    this.logger.debug(`Collections and indexes ready: ${Object.keys(this.connection.models).join(', ')}`);
  }

  /** Drops the collection's replaced indexes, once; another process dropping them at the same time is fine. */
  private async dropReplaced(collection: string): Promise<void> {
    for (const index of REPLACED_INDEXES.filter((i) => i.collection === collection)) {
      const present = await this.connection
        .db!.collection(collection)
        .indexExists(index.name)
        .catch(() => false);
      if (!present) continue;
      await this.connection
        .db!.collection(collection)
        .dropIndex(index.name)
        .then(() => this.logger.log(`Dropped the replaced index ${collection}.${index.name}`))
        .catch((err: { code?: number }) => {
          if (err.code !== 27) throw err; // 27: already dropped by another process
        });
    }
  }
}
