import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { SeedModule } from './seed.module';
import { SeedService, type SeedReport } from './seed.service';

/** Seeds the database of `config` (and the auth accounts) unless it has been seeded before. */
export async function runSeed(config: AppConfig): Promise<SeedReport> {
  const ctx = await NestFactory.createApplicationContext(SeedModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    return await ctx.get(SeedService).seed();
  } finally {
    await ctx.close();
  }
}
