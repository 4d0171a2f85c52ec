import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimitRecord, RateLimitSchema } from './rate-limit.schema';

/** Gives ThrottlerModule's factory the shared storage (and registers the collection for DatabaseSetupService). */
@Module({
  imports: [MongooseModule.forFeature([{ name: RateLimitRecord.name, schema: RateLimitSchema }])],
  providers: [RateLimitRepository],
  exports: [RateLimitRepository],
})
export class RateLimitStorageModule {}
