import { Global, Module } from '@nestjs/common';
import { PublicCache } from './public-cache';
import { PublicListResponder } from './public-list-responder';

@Global()
@Module({ providers: [PublicCache, PublicListResponder], exports: [PublicCache, PublicListResponder] })
export class PublicCacheModule {}
