import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PublicCache } from '../common/public-cache';
import type { User } from '../users/user.model';
import { UsersRepository } from '../users/users.repository';

/** Most accounts kept; beyond that the least recently used go (a busy site has far fewer active callers). */
const MAX_CALLERS = 10_000;

/**
 * The callers' accounts as the auth guard reads them on every request. A lookup per request put a database round
 * trip in front of every authenticated call, cached pages included, so accounts are reused for
 * CALLER_CACHE_SECONDS. They follow the public cache's coherence: any user write (a role change, a
 * sign-up) drops them here at once and on every other replica within PUBLIC_CACHE_SYNC_MS, and nothing is
 * served from here while the shared generations cannot be read.
 */
@Injectable()
export class CallerCache {
  private readonly entries = new Map<string, { user: User | null; expires: number }>();
  /** Bumped by each drop, so a lookup that raced a write is not kept. */
  private generation = 0;

  constructor(
    private readonly users: UsersRepository,
    private readonly cache: PublicCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    cache.onDrop((tag) => {
      if (tag !== 'users') return;
      this.generation++;
      this.entries.clear();
    });
  }

  async find(email: string): Promise<User | null> {
    const now = Date.now();
    const hit = this.entries.get(email);
    if (hit && hit.expires > now && this.cache.isCurrent(now)) return hit.user;
    const generation = this.generation;
    const user = await this.users.findByEmail(email);
    if (generation === this.generation && this.config.callerCacheSeconds > 0) {
      this.entries.delete(email);
      this.entries.set(email, { user, expires: Date.now() + this.config.callerCacheSeconds * 1000 });
      if (this.entries.size > MAX_CALLERS) this.entries.delete(this.entries.keys().next().value!);
    }
    return user;
  }
}
