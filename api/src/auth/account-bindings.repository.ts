import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AccountBindingRecord } from './account-binding.schema';

@Injectable()
export class AccountBindingsRepository {
  constructor(@InjectModel(AccountBindingRecord.name) private readonly model: Model<AccountBindingRecord>) {}

  /** Binds the e-mail to `uid` unless it is bound already; returns the uid that owns it (the first one wins). */
  async bind(email: string, uid: string): Promise<string> {
    const upsert = () =>
      this.model
        .findOneAndUpdate(
          { email },
          { $setOnInsert: { email, uid, boundAt: new Date() } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<AccountBindingRecord>()
        .exec();
    const d = await upsert().catch((err: { code?: number }) => {
      if (err.code === 11000) return upsert(); // two first sign-ins at once: the loser reads the winner's row
      throw err;
    });
    return d!.uid;
  }
}
