import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress as brotliCallback, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { encodingFor } from './content-encoding';
import { RetryLaterException } from './http-error.filter';
import { PublicCacheCoherence } from './public-cache-coherence';

// zlib's asynchronous compressors run on libuv's thread pool: a large list is compressed without blocking requests.
const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCallback);

/**
 * Seat changes (payments) within this window after one that dropped the lists are coalesced into one drop at its
 * end: a burst of payments reloads each list a few times a second, not once per seat. With the replicas' sync
 * (PUBLIC_CACHE_SYNC_MS, at most 1 s in all) a seat change is still seen everywhere within a second.
 */
export const SEAT_CHANGE_COALESCE_MS = 300;
/**
 * Uncached searches and price ranges loading at once; more wait their turn (at most PUBLIC_CACHE_WAITING_LOADS,
 * past which they are refused with 503), so a flood of them neither reaches the database nor piles up here.
 */
const RARE_VARIANT_LOADS = 2;
export const SEARCHES_BUSY = 'Too many searches are waiting, please try again shortly';

/** The public lists and their cache keys. */
export const PUBLIC_LISTS = {
  '/classes': 'classes:approved',
  '/classes/popular': 'classes:popular',
  '/users/popular': 'users:popular',
  '/users/admin': 'users:admins',
  '/instructors': 'users:instructors',
} as const;
/** A list's key, or a page of it: `classes:approved?limit=24&page=2&sort=price` (see public-cache-key.ts). */
export type PublicListKey = string;

// Parameters with unbounded values: each value is a separate, mostly one-off, cache entry.
const RARE_PARAMS = ['q', 'minPrice', 'maxPrice', 'instructor', 'startsFrom', 'age'];

/** Whether a normalised key is a search, a price range, a start day or one instructor's (cached apart from the hot pages). */
export function isRareVariant(key: string): boolean {
  const at = key.indexOf('?');
  if (at === -1) return false;
  const params = new URLSearchParams(key.slice(at + 1));
  return RARE_PARAMS.some((name) => params.has(name));
}

/**
 * What a cached list depends on; a write to it drops every list tagged with it. `tokens` tags no list: it tells
 * the replicas' token deny-list caches (RevokedTokens) that a token was revoked.
 */
export type CacheTag = 'classes' | 'users' | 'tokens';

/** A list serialised once, in every encoding a client may ask for; one ETag for all (a hash of the JSON). */
export interface CachedJson {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

interface Entry {
  value: CachedJson;
  expires: number;
  tags: CacheTag[];
}

/**
 * In-process cache of the public lists, serialised once (JSON as is, gzip and brotli, ETag) so a hit costs no query,
 * no stringify and no compression. Writes invalidate by tag at once here, and through `PublicCacheCoherence` on every
 * other replica within PUBLIC_CACHE_SYNC_MS; `PUBLIC_CACHE_SECONDS` bounds an entry's age anyway. Searches and price ranges
 * (`isRareVariant`) are kept in a separate area a tenth the size, so any number of distinct ones cannot push the
 * hot lists and pages out.
 */
@Injectable()
export class PublicCache implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  private readonly variants = new Map<string, Entry>();
  private readonly coalescing = new Map<CacheTag, { timer: NodeJS.Timeout; again: boolean }>();
  private variantLoads = 0;
  private readonly variantQueue: (() => void)[] = [];
  private readonly loading = new Map<string, { promise: Promise<CachedJson>; tags: CacheTag[] }>();
  private readonly generations: Record<CacheTag, number> = { classes: 0, users: 0, tokens: 0 };
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
    const promise = (isRareVariant(key) ? this.inTurn(load) : load())
      .then(serialise)
      .then((value) => {
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

  /**
   * After a seat change: drops at once when no seat change did within SEAT_CHANGE_COALESCE_MS, else once at the
   * end of that window for all of them.
   */
  invalidateSeats(tag: CacheTag): void {
    const window = this.coalescing.get(tag);
    if (window) {
      window.again = true;
      return;
    }
    this.invalidate(tag);
    const timer = setTimeout(() => {
      const again = this.coalescing.get(tag)?.again;
      this.coalescing.delete(tag);
      if (again) this.invalidateSeats(tag);
    }, SEAT_CHANGE_COALESCE_MS);
    timer.unref();
    this.coalescing.set(tag, { timer, again: false });
  }

  onModuleDestroy(): void {
    for (const { timer } of this.coalescing.values()) clearTimeout(timer);
    this.coalescing.clear();
  }

  /** Runs a rare variant's load when fewer than RARE_VARIANT_LOADS others run; refuses it when too many wait. */
  private async inTurn<T>(load: () => Promise<T>): Promise<T> {
    if (this.variantLoads >= RARE_VARIANT_LOADS) {
      if (this.variantQueue.length >= this.config.publicCacheWaitingLoads)
        throw new RetryLaterException(503, SEARCHES_BUSY, 1);
      await new Promise<void>((go) => this.variantQueue.push(go));
    } else this.variantLoads++;
    try {
      return await load();
    } finally {
      // The slot passes straight to the next in line, if any.
      const next = this.variantQueue.shift();
      if (next) next();
      else this.variantLoads--;
    }
  }

  private drop(tag: CacheTag): void {
    this.generations[tag]++;
    for (const area of [this.entries, this.variants])
      for (const [key, entry] of area) if (entry.tags.includes(tag)) area.delete(key);
    // In-flight loads started before this write must not be shared with requests arriving after it.
    for (const [key, load] of this.loading) if (load.tags.includes(tag)) this.loading.delete(key);
    for (const listener of this.dropListeners) listener(tag);
  }

  /** A live entry, marked as most recently used (a Map keeps insertion order: re-inserting moves it last). */
  private current(key: PublicListKey): Entry | undefined {
    // Looked up in both areas rather than classified: this runs on every warm hit.
    const area = this.entries.has(key) ? this.entries : this.variants;
    const hit = area.get(key);
    if (!hit) return undefined;
    area.delete(key);
    if (hit.expires <= Date.now()) return undefined;
    area.set(key, hit);
    return hit;
  }

  /**
   * Keeps at most PUBLIC_CACHE_ENTRIES pages, plus a tenth as many searches and price ranges: each query of a list
   * is an entry, so the least recently used of its area go.
   */
  private remember(key: PublicListKey, entry: Entry): void {
    const area = this.areaOf(key);
    const bound = area === this.variants ? this.variantBound : this.config.publicCacheEntries;
    area.delete(key);
    area.set(key, entry);
    while (area.size > bound) area.delete(area.keys().next().value!);
  }

  private areaOf(key: PublicListKey): Map<string, Entry> {
    return isRareVariant(key) ? this.variants : this.entries;
  }

  private get variantBound(): number {
    return Math.ceil(this.config.publicCacheEntries / 10);
  }

  /** How many entries are kept (for tests of the bound). */
  get size(): number {
    return this.entries.size + this.variants.size;
  }

  private generation(tags: CacheTag[]): string {
    return tags.map((t) => this.generations[t]).join(':');
  }
}

// Brotli's default (11) spends seconds on a large list; 5 keeps it smaller than gzip at a few milliseconds.
const BROTLI_QUALITY = 5;

async function serialise(data: unknown): Promise<CachedJson> {
  const identity = Buffer.from(JSON.stringify(data));
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity),
    brotli(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  return { identity, gzip: gzipped, br: brotlied, etag };
}

const CACHE_CONTROL = { public: 'public, no-cache', private: 'private, no-cache' } as const;

/**
 * Sends a cached list: 304 when the browser's copy is current, else the stored bytes of the encoding its
 * Accept-Encoding prefers (content-encoding.ts): nothing is compressed per request. One ETag for every encoding, so a
 * copy revalidates whatever the browser asks for next. `no-cache` lets browsers keep a copy but revalidate it every
 * time, so a write shows up on the next request.
 */
export function replyCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CachedJson,
  visibility: 'public' | 'private' = 'public',
): void {
  void reply
    .header('ETag', entry.etag)
    .header('Cache-Control', CACHE_CONTROL[visibility])
    // The body depends on the encoding and the CORS answer on the origin.
    .header('Vary', 'Origin, Accept-Encoding');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
    void reply.code(304).send();
    return;
  }
  const encoding = encodingFor(req.headers['accept-encoding']);
  void reply.header('Content-Type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
  // Fastify sends the Content-Length, and leaves the body out of a HEAD answer.
  void reply.code(200).send(entry[encoding]);
}
