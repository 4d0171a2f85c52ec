import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ProviderEventRecord } from './provider-event.schema';

@Injectable()
export class ProviderEventsRepository {
  constructor(@InjectModel(ProviderEventRecord.name) private readonly model: Model<ProviderEventRecord>) {}

  async handled(eventId: string): Promise<boolean> {
    return (await this.model.countDocuments({ eventId }).exec()) > 0;
  }

  /** Marks an event handled; a concurrent delivery of the same event that marked it first is not an error. */
  async markHandled(eventId: string, type: string): Promise<void> {
    await this.model
      .updateOne({ eventId }, { $setOnInsert: { eventId, type, handledAt: new Date() } }, { upsert: true })
      .exec()
      .catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      });
  }
}
