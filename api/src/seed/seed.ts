import { NestFactory } from '@nestjs/core';
import { PublicCache } from '../common/public-cache';
import { PublicCacheCoherence } from '../common/public-cache-coherence';
import type { AppConfig } from '../config/config';
import { SeedModule } from './seed.module';
import { SeedService, type SeedReport } from './seed.service';

export class SeedRefusedError extends Error {
  constructor() {
    super(
      'The seed writes demo accounts with published passwords; it runs only in development mode (SPORTIFY_DEV_MODE=1).',
    );
    this.name = 'SeedRefusedError';
  }
}

/** Re-creates missing demo sign-in accounts, and seeds the database of `config` unless it has been seeded before. */
export async function runSeed(config: AppConfig): Promise<SeedReport> {
  // The demo admins' passwords are published in the README: never write them outside development.
  if (!config.developmentMode) throw new SeedRefusedError();
  const ctx = await NestFactory.createApplicationContext(SeedModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const report = await ctx.get(SeedService).seed();
    // Running replicas may have cached the lists before the seed: they drop them within a sync interval.
    const cache = ctx.get(PublicCache);
    cache.invalidate('classes');
    cache.invalidate('users');
    await ctx.get(PublicCacheCoherence).flush();
    return report;
  } finally {
    await ctx.close();
  }
}
