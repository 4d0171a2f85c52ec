import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PublicCache } from '../common/public-cache';
import { RevokedTokensRepository } from './revoked-tokens.repository';

/** Most answers kept; beyond that the oldest go (as many as CallerCache keeps callers). */
const MAX_TOKENS = 10_000;

/**
 * The deny-list of API tokens, by token id, shared by every replica through MongoDB. Asking it per request would
 * put a query in front of every authenticated call, so each replica keeps its answers (a token stays valid or
 * revoked until it expires) and forgets them all at any revocation: at once on the replica that revoked, and on
 * every other one within PUBLIC_CACHE_SYNC_MS (the public cache's coherence, tag `tokens`, as CallerCache follows
 * `users`). Nothing is answered from memory while the shared generations cannot be read, nor with
 * CALLER_CACHE_SECONDS=0 (no per-request answers of the guard are kept then).
 */
@Injectable()
export class RevokedTokens {
  private readonly answers = new Map<string, boolean>();
  /** Bumped by each revocation, so a lookup that raced one is not kept. */
  private generation = 0;

  constructor(
    private readonly tokens: RevokedTokensRepository,
    private readonly cache: PublicCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    cache.onDrop((tag) => {
      if (tag !== 'tokens') return;
      this.generation++;
      this.answers.clear();
    });
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    const hit = this.answers.get(tokenId);
    if (hit !== undefined && this.cache.isCurrent(Date.now())) return hit;
    const generation = this.generation;
    const revoked = await this.tokens.has(tokenId);
    if (generation === this.generation && this.config.callerCacheSeconds > 0) {
      this.answers.delete(tokenId);
      this.answers.set(tokenId, revoked);
      if (this.answers.size > MAX_TOKENS) this.answers.delete(this.answers.keys().next().value!);
    }
    return revoked;
  }

  /** Refuses the token from now on, until it expires; every replica forgets what it knew of tokens. */
  async revoke(tokenId: string, expiresAt: Date): Promise<void> {
    await this.tokens.add(tokenId, expiresAt);
    this.cache.invalidate('tokens');
  }
}
