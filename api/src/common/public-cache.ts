import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PublicCacheCoherence } from './public-cache-coherence';

/** The public lists and their cache keys (also the routes the fast path may answer). */
export const PUBLIC_LISTS = {
  '/classes': 'classes:approved',
  '/classes/popular': 'classes:popular',
  '/users/popular': 'users:popular',
  '/users/admin': 'users:admins',
  '/instructors': 'users:instructors',
} as const;
/** A list's key, or a page of it: `classes:approved?limit=24&page=2&sort=price` (see public-cache-key.ts). */
export type PublicListKey = string;

/** What a cached list depends on; a write to it drops every list tagged with it. */
export type CacheTag = 'classes' | 'users';

export interface CachedJson {
  body: string;
  gzip: Buffer;
  etag: string;
}

interface Entry {
  value: CachedJson;
  expires: number;
  tags: CacheTag[];
}

/**
 * In-process cache of the public lists, serialised once (JSON, gzip, ETag) so a hit costs no query and no
 * stringify. Writes invalidate by tag at once here, and through `PublicCacheCoherence` on every other replica
 * within PUBLIC_CACHE_SYNC_MS; `PUBLIC_CACHE_SECONDS` bounds an entry's age anyway.
 */
@Injectable()
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { promise: Promise<CachedJson>; tags: CacheTag[] }>();
  private readonly generations: Record<CacheTag, number> = { classes: 0, users: 0 };
  private readonly dropListeners: ((tag: CacheTag) => void)[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly coherence: PublicCacheCoherence<CacheTag>,
  ) {
    coherence.onRemoteChange((tag) => this.drop(tag));
  }

  /** A current entry, without loading. */
  peek(key: PublicListKey): CachedJson | undefined {
    return this.isCurrent(Date.now()) ? this.current(key)?.value : undefined;
  }

  async get(key: PublicListKey, tags: CacheTag[], load: () => Promise<unknown>): Promise<CachedJson> {
    const hit = this.peek(key);
    if (hit) return hit;
    // Cached but not verified lately: check the shared generations (one small read) before reloading the list.
    if (this.current(key)) {
      await this.coherence.refresh();
      const fresh = this.peek(key);
      if (fresh) return fresh;
    }
    // One load per key at a time, however many requests arrive while it runs.
    const pending = this.loading.get(key);
    if (pending) return pending.promise;

    const generation = this.generation(tags);
    const promise = load()
      .then((data) => {
        const value = serialise(data);
        // A write that happened during the load makes the result stale: serve it once, do not keep it.
        if (this.generation(tags) === generation && this.config.publicCacheSeconds > 0) {
          this.remember(key, { value, expires: Date.now() + this.config.publicCacheSeconds * 1000, tags });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { promise, tags });
    return promise;
  }

  /** Whether cached data may be served now (the shared generations were read recently enough). */
  isCurrent(now: number): boolean {
    return this.coherence.isCurrent(now);
  }

  /** Called with a tag whenever its data changed, here or on another replica (for caches kept elsewhere). */
  onDrop(listener: (tag: CacheTag) => void): void {
    this.dropListeners.push(listener);
  }

  /** After a write: drops the tag's lists here and tells the other replicas. */
  invalidate(tag: CacheTag): void {
    this.drop(tag);
    this.coherence.published(tag);
  }

  private drop(tag: CacheTag): void {
    this.generations[tag]++;
    for (const [key, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(key);
    // In-flight loads started before this write must not be shared with requests arriving after it.
    for (const [key, load] of this.loading) if (load.tags.includes(tag)) this.loading.delete(key);
    for (const listener of this.dropListeners) listener(tag);
  }

  /** A live entry, marked as most recently used (a Map keeps insertion order: re-inserting moves it last). */
  private current(key: PublicListKey): Entry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expires <= Date.now()) return undefined;
    this.entries.set(key, hit);
    return hit;
  }

  /** Keeps at most PUBLIC_CACHE_ENTRIES pages: each query of a list is an entry, so the least recently used go. */
  private remember(key: PublicListKey, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.config.publicCacheEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** How many entries are kept (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }

  private generation(tags: CacheTag[]): string {
    return tags.map((t) => this.generations[t]).join(':');
  }
}

function serialise(data: unknown): CachedJson {
  const body = JSON.stringify(data);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, gzip: gzipSync(body), etag };
}

/**
 * Sends a cached list: 304 when the browser's copy is current, the pre-compressed body when gzip is accepted.
 * `no-cache` lets browsers keep a copy but revalidate it every time, so a write shows up on the next request.
 */
export function replyCached(
  req: { headers: IncomingHttpHeaders; method?: string },
  res: ServerResponse,
  entry: CachedJson,
  visibility: 'public' | 'private' = 'public',
): void {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', `${visibility}, no-cache`);
  // The body depends on the encoding and the CORS answer on the origin.
  res.setHeader('Vary', 'Origin, Accept-Encoding');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const payload = gzip ? entry.gzip : entry.body;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : payload);
}
