import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../config/config';

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

/** Collections and indexes are missing or out of date: the setup command has not run for this version. */
export class DatabaseNotSetUpError extends Error {}

/**
 * Every model's collection and indexes, created one after the other: by the setup command (`npm run db:setup -w
 * api`, the chart's Job before each install and upgrade), or at boot with DB_SETUP_AT_BOOT=create (development and
 * the tests). Production pods only check at boot (`check`) and refuse to start on a database not set up for them:
 * the unique indexes are part of the API's correctness (one user per e-mail, one payment per transaction), and the
 * embedded database can fail when two writes create a collection implicitly at the same time.
 */
@Injectable()
export class DatabaseSetupService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DatabaseSetupService.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.dbSetupAtBoot === 'create') return this.ensureCollectionsAndIndexes();
    const problems = await this.setupProblems();
    if (problems.length)
      throw new DatabaseNotSetUpError(
        `The database is not set up for this version of the API (DB_SETUP_AT_BOOT=check): ${problems.join('; ')}. ` +
          'Run the setup first: npm run db:setup -w api (node api/dist/database/setup-run.js), the chart runs it as a Job before each install and upgrade.',
      );
  }

  /** What is missing or left over: collections, indexes to create, replaced indexes still there. */
  async setupProblems(): Promise<string[]> {
    const existing = new Set(
      (await this.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name),
    );
    const problems: string[] = [];
    for (const model of Object.values(this.connection.models)) {
      const name = model.collection.collectionName;
      if (!existing.has(name)) {
        problems.push(`collection ${name} is missing`);
        continue;
      }
      const { toCreate } = await model.diffIndexes();
      for (const index of toCreate) problems.push(`${name} lacks the index ${JSON.stringify(index)}`);
      for (const index of REPLACED_INDEXES.filter((i) => i.collection === name))
        if (
          await this.connection
            .db!.collection(name)
            .indexExists(index.name)
            .catch(() => false)
        )
          problems.push(`${name} still has the replaced index ${index.name}`);
    }
    return problems;
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
