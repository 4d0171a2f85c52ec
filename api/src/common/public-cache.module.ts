import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CacheGenerationRecord, CacheGenerationSchema } from './cache-generation.schema';
import { CacheGenerationsRepository } from './cache-generations.repository';
import { PublicCache } from './public-cache';
import { PublicCacheCoherence } from './public-cache-coherence';

@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: CacheGenerationRecord.name, schema: CacheGenerationSchema }])],
  providers: [CacheGenerationsRepository, PublicCacheCoherence, PublicCache],
  exports: [PublicCache, PublicCacheCoherence],
})
export class PublicCacheModule {}
