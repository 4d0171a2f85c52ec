import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CacheGenerationsRepository } from './cache-generations.repository';

/**
 * Entries may be served only while the shared generations were read this recently. Normally they are read every
 * PUBLIC_CACHE_SYNC_MS; when reads stall or fail (a slow or absent database) the cache steps aside rather than
 * serve lists another replica may have changed.
 */
const MAX_UNVERIFIED_MS = 750;

/**
 * Keeps the public caches of all API replicas coherent: a write increments its tag's generation in MongoDB,
 * and every replica reads the generations every PUBLIC_CACHE_SYNC_MS (one small query) and drops the lists of
 * any tag that changed elsewhere. A write is therefore seen through every replica within about that interval.
 */
@Injectable()
export class PublicCacheCoherence<Tag extends string = string> implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PublicCache');
  private known = new Map<string, number>();
  private verifiedAt = 0;
  private readonly unsent = new Set<Tag>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failing = false;
  private changed: (tag: Tag) => void = () => undefined;
  private publishing: Promise<void> = Promise.resolve();
  private reading: Promise<void> | null = null;

  constructor(
    private readonly generations: CacheGenerationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Called with each tag another replica changed. */
  onRemoteChange(listener: (tag: Tag) => void): void {
    this.changed = listener;
  }

  /** Whether cached lists may be served now (the shared generations were read recently enough). */
  isCurrent(now: number): boolean {
    return now - this.verifiedAt < MAX_UNVERIFIED_MS;
  }

  /** Publishes a local write; a failed publication is retried on every sync until it lands. */
  published(tag: Tag): void {
    this.unsent.add(tag);
    void this.publishQueued();
  }

  /** Resolves once every write published so far has reached the database (or failed to and waits for a retry). */
  flush(): Promise<void> {
    return this.publishing;
  }

  private publishQueued(): Promise<void> {
    this.publishing = this.publishing.then(() => this.publish());
    return this.publishing;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.schedule();
  }

  /**
   * Reads the shared generations now; concurrent callers share one read. A request that finds its list cached
   * but the last read too old waits for this instead of reloading the list: under load (late timers) that is one
   * tiny query rather than a list query per request.
   */
  refresh(): Promise<void> {
    this.reading ??= this.sync().finally(() => (this.reading = null));
    return this.reading;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => void this.refresh().then(() => this.schedule()),
      this.config.scaling.publicCacheSyncMs,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async publish(): Promise<void> {
    for (const tag of [...this.unsent]) {
      this.unsent.delete(tag);
      try {
        const gen = await this.generations.bump(tag);
        // Our own increment, with nobody else's in between: no need to drop our lists again on the next sync.
        if (this.known.get(tag) === gen - 1) this.known.set(tag, gen);
      } catch {
        this.unsent.add(tag);
      }
    }
  }

  private async sync(): Promise<void> {
    const started = Date.now();
    try {
      if (this.unsent.size) await this.publishQueued();
      const current = await this.generations.read();
      const first = this.verifiedAt === 0;
      for (const [tag, gen] of current) {
        // A tag seen for the first time after the first read was created by a write elsewhere: a change too.
        if (!first && this.known.get(tag) !== gen) this.changed(tag as Tag);
        this.known.set(tag, gen);
      }
      this.verifiedAt = started;
      if (this.failing) this.logger.log('Shared cache generations readable again');
      this.failing = false;
    } catch (err) {
      // (A read cut short by our own shutdown is no news.)
      if (!this.failing && !this.stopped)
        this.logger.warn(
          `Cannot read the shared cache generations (${(err as Error).message}); serving lists uncached`,
        );
      this.failing = true;
    }
  }
}
