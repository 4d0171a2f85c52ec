import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { RevokedTokenRecord } from './revoked-token.schema';

@Injectable()
export class RevokedTokensRepository {
  constructor(@InjectModel(RevokedTokenRecord.name) private readonly model: Model<RevokedTokenRecord>) {}

  async has(tokenId: string): Promise<boolean> {
    return (await this.model.exists({ _id: tokenId }).exec()) !== null;
  }

  /** Idempotent: revoking twice keeps the first record. */
  async add(tokenId: string, expiresAt: Date): Promise<void> {
    await this.model.updateOne({ _id: tokenId }, { $setOnInsert: { expiresAt } }, { upsert: true }).exec();
  }
}
