import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CacheGenerationRecord, CacheGenerationSchema } from './cache-generation.schema';
import { CacheGenerationsRepository } from './cache-generations.repository';
import { PublicCache } from './public-cache';
import { PublicCacheCoherence } from './public-cache-coherence';
import { PublicListResponder } from './public-list-responder';

@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: CacheGenerationRecord.name, schema: CacheGenerationSchema }])],
  providers: [CacheGenerationsRepository, PublicCacheCoherence, PublicCache, PublicListResponder],
  exports: [PublicCache, PublicCacheCoherence, PublicListResponder],
})
export class PublicCacheModule {}
