import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { DiscountSettings } from './discount.model';
import { DiscountSettingsRecord } from './discount-settings.schema';

const ROW = 'discounts';

@Injectable()
export class DiscountSettingsRepository {
  constructor(@InjectModel(DiscountSettingsRecord.name) private readonly model: Model<DiscountSettingsRecord>) {}

  async read(): Promise<DiscountSettings> {
    const d = await this.model.findById(ROW).lean<DiscountSettingsRecord>().exec();
    return { siblingPercent: d?.siblingPercent ?? 0 };
  }

  async setSibling(percent: number, by: string): Promise<DiscountSettings> {
    await this.model
      .updateOne(
        { _id: ROW },
        { $set: { siblingPercent: percent, updatedAt: new Date(), updatedBy: by } },
        { upsert: true },
      )
      .exec();
    return this.read();
  }
}
