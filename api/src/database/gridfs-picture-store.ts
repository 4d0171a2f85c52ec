import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { mongo, type Connection } from 'mongoose';
import type { PictureStore } from '../pictures/picture-store';

const BUCKET = 'pictures';

/**
 * Picture files in MongoDB's GridFS (`pictures.files`, `pictures.chunks`), one file per key. Its collections and
 * indexes are made at boot, as every other collection is: the embedded database cannot create them on first write
 * from two requests at once.
 */
@Injectable()
export class GridFsPictureStore implements PictureStore, OnApplicationBootstrap {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private bucket(): mongo.GridFSBucket {
    return new mongo.GridFSBucket(this.connection.db!, { bucketName: BUCKET });
  }

  async onApplicationBootstrap(): Promise<void> {
    const db = this.connection.db!;
    const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    for (const name of [`${BUCKET}.files`, `${BUCKET}.chunks`])
      if (!existing.has(name))
        await db.createCollection(name).catch((err: { code?: number }) => {
          if (err.code !== 48) throw err; // 48: created meanwhile by another process
        });
    await db.collection(`${BUCKET}.files`).createIndex({ filename: 1, uploadDate: 1 });
    await db.collection(`${BUCKET}.chunks`).createIndex({ files_id: 1, n: 1 }, { unique: true });
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.connection
      .db!.collection(`${BUCKET}.files`)
      .findOne({ filename: key }, { sort: { uploadDate: 1 }, projection: { _id: 1 } });
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket().openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    // Two writers of one key write the same bytes; readers take the first complete one.
    if (await this.connection.db!.collection(`${BUCKET}.files`).findOne({ filename: key }, { projection: { _id: 1 } }))
      return;
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket().openUploadStream(key, { metadata: { contentType } });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(body);
    });
  }
}
