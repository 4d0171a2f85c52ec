import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Model } from 'mongoose';
import { RateLimitRecord } from './rate-limit.schema';

interface Window {
  hits: number;
  expiresAt: Date;
  blockedUntil: Date | null;
}

const seconds = (ms: number) => Math.max(Math.ceil(ms / 1000), 0);
/** Spent keys this replica remembers; past this many, the first remembered is forgotten. */
const MAX_SPENT = 100_000;

/**
 * @nestjs/throttler storage in MongoDB, so every replica counts against the same budget and a restart forgets
 * nothing. A fixed window per key: each hit is one atomic `$inc` on the current window; an expired window is
 * restarted by whichever replica gets there first (a conditional update, so two replicas cannot both reset it).
 */
@Injectable()
export class RateLimitRepository implements ThrottlerStorage {
  // Keys found blocked, until when: refused here without another write (the window only grows until it ends).
  private readonly spent = new Map<string, number>();

  constructor(@InjectModel(RateLimitRecord.name) private readonly model: Model<RateLimitRecord>) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<{
    totalHits: number;
    timeToExpire: number;
    isBlocked: boolean;
    timeToBlockExpire: number;
  }> {
    const now = new Date();
    const spentUntil = this.spent.get(key);
    if (spentUntil !== undefined && spentUntil > now.getTime()) {
      const left = seconds(spentUntil - now.getTime());
      return { totalHits: limit + 1, timeToExpire: left, isBlocked: true, timeToBlockExpire: left };
    }
    this.spent.delete(key);
    let window = await this.hit(key, now, ttl);
    if (window.hits > limit && !window.blockedUntil) {
      // Over the budget for the first time in this window: blocked for blockDuration (the window lasts as long).
      const blockedUntil = new Date(now.getTime() + blockDuration);
      const expiresAt = blockedUntil > window.expiresAt ? blockedUntil : window.expiresAt;
      window =
        (await this.model
          .findOneAndUpdate(
            { _id: key, blockedUntil: null },
            { $set: { blockedUntil, expiresAt } },
            { returnDocument: 'after' },
          )
          .lean<Window>()
          .exec()) ?? window;
    }
    const isBlocked = window.hits > limit;
    if (isBlocked) this.rememberSpent(key, (window.blockedUntil ?? window.expiresAt).getTime());
    return {
      totalHits: window.hits,
      timeToExpire: seconds(window.expiresAt.getTime() - now.getTime()),
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds((window.blockedUntil ?? window.expiresAt).getTime() - now.getTime()) : 0,
    };
  }

  private rememberSpent(key: string, until: number): void {
    this.spent.set(key, until);
    if (this.spent.size > MAX_SPENT) this.spent.delete(this.spent.keys().next().value!);
  }

  /** Counts one hit in the key's current window, starting a new window when there is none. */
  private async hit(key: string, now: Date, ttl: number): Promise<Window> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.model
        .findOneAndUpdate({ _id: key, expiresAt: { $gt: now } }, { $inc: { hits: 1 } }, { returnDocument: 'after' })
        .lean<Window>()
        .exec();
      if (current) return current;
      const fresh = { hits: 1, expiresAt: new Date(now.getTime() + ttl), blockedUntil: null };
      const restarted = await this.model
        .findOneAndUpdate({ _id: key, expiresAt: { $lte: now } }, { $set: fresh }, { returnDocument: 'after' })
        .lean<Window>()
        .exec();
      if (restarted) return restarted;
      try {
        await this.model.create({ _id: key, ...fresh });
        return fresh;
      } catch (err) {
        // Another replica created this window meanwhile: count in it.
        if ((err as { code?: number }).code !== 11000) throw err;
      }
    }
    throw new Error(`Rate-limit window ${key} kept changing under concurrent updates`);
  }
}
