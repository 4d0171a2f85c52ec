import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { of, type Observable } from 'rxjs';
import { PublicCache, replyCached } from './public-cache';
import { listKey } from './public-cache-key';

const CACHED_LIST = 'sportify:cached-list';

interface CachedListRoute {
  base: string;
  visibility: 'public' | 'private';
}

/**
 * Marks a list route whose pages are cached under `base`: a warm page is sent from its stored serialisation (body
 * and gzip made once per cache generation, ETag, 304) without running the pipes and the handler again. The
 * handler itself must send the same entry with `replyCached` on a miss, so both answer alike.
 */
export const CachedList = (base: string, visibility: 'public' | 'private' = 'public') =>
  applyDecorators(
    SetMetadata(CACHED_LIST, { base, visibility } satisfies CachedListRoute),
    UseInterceptors(CachedListInterceptor),
  );

/**
 * Interceptors run after the request hooks (request ids, rate limits, helmet, CORS) and the guards, so a
 * warm page gets exactly the checks and headers of a cold one; and before the pipes and the handler (query
 * validation, the cache lookup again), most of what a warm page would otherwise cost. The key comes from the raw
 * URL as the handler's does after validation, so only a query that passed validation once has an entry to hit.
 */
@Injectable()
export class CachedListInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: PublicCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<CachedListRoute | undefined>(CACHED_LIST, context.getHandler());
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const entry = route && this.cache.peek(listKey(route.base, req.originalUrl));
    if (!entry) return next.handle();
    replyCached(req, http.getResponse<FastifyReply>(), entry, route.visibility);
    return of(undefined);
  }
}
