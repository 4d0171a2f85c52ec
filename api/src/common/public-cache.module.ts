import { Global, Module } from '@nestjs/common';
import { PublicCache } from './public-cache';

@Global()
@Module({ providers: [PublicCache], exports: [PublicCache] })
export class PublicCacheModule {}
