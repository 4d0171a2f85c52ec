import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CacheGenerationRecord } from './cache-generation.schema';

@Injectable()
export class CacheGenerationsRepository {
  constructor(@InjectModel(CacheGenerationRecord.name) private readonly model: Model<CacheGenerationRecord>) {}

  /** Increments a tag's generation and returns the new value. */
  async bump(tag: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await this.model
          .findOneAndUpdate({ _id: tag }, { $inc: { gen: 1 } }, { upsert: true, returnDocument: 'after' })
          .lean<{ gen: number }>()
          .exec();
        return doc!.gen;
      } catch (err) {
        // Two replicas created the tag's record at once: the loser increments the winner's.
        if ((err as { code?: number }).code !== 11000 || attempt > 0) throw err;
      }
    }
  }

  /** Every tag's current generation. */
  async read(): Promise<Map<string, number>> {
    const docs = await this.model.find({}).lean<Array<{ _id: string; gen: number }>>().exec();
    return new Map(docs.map((d) => [d._id, d.gen]));
  }
}
