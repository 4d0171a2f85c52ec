import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClockOffsetRecord } from './clock.schema';

const ROW = 'offset';

@Injectable()
export class ClockRepository {
  constructor(@InjectModel(ClockOffsetRecord.name) private readonly model: Model<ClockOffsetRecord>) {}

  async read(): Promise<number> {
    const d = await this.model.findById(ROW).lean<ClockOffsetRecord>().exec();
    return d?.offsetMs ?? 0;
  }

  async write(offsetMs: number): Promise<void> {
    await this.model.updateOne({ _id: ROW }, { $set: { offsetMs, updatedAt: new Date() } }, { upsert: true }).exec();
  }
}
