import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * Creates every model's collection and indexes once at boot, one after the other, before the app listens.
 * The embedded database can fail when two writes create a collection implicitly at the same time, and the unique
 * indexes are part of the API's correctness (one user per e-mail, one payment per transaction), not an optimisation.
 */
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
      await model.createIndexes();
    }
    this.logger.debug(`Collections and indexes ready: ${Object.keys(this.connection.models).join(', ')}`);
  }
}
