import {
  applyDecorators,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { of, type Observable } from 'rxjs';
import { PublicCache, replyCached } from './public-cache';
import { listKey } from './public-cache-key';
import { routeRulesOf, WithRouteRules } from './route-rules';

/**
 * Marks a list route whose pages are cached under `base`: a warm page is sent from its stored serialisation (body
 * in each encoding, made once per cache generation, ETag, 304) without running the pipes and the handler again. The
 * handler itself must send the same entry with `replyCached` on a miss, so both answer alike. The route's rules
 * carry it, so the request budgets know a warm public list by its route.
 */
export const CachedList = (base: string, visibility: 'public' | 'private' = 'public') =>
  applyDecorators(WithRouteRules({ cachedList: { base, visibility } }), UseInterceptors(CachedListInterceptor));

// The answer is sent: nothing for Nest to send after it (one Observable for every request, as it holds no state).
const SENT = of(undefined);

/**
 * Interceptors run after the request hooks (request ids, rate limits, helmet, CORS) and the guards, so a
 * warm page gets exactly the checks and headers of a cold one; and before the pipes and the handler (query
 * validation, the cache lookup again), most of what a warm page would otherwise cost. The key comes from the raw
 * URL as the handler's does after validation, so only a query that passed validation once has an entry to hit.
 * A warm public page was already found by the request budgets, which counted it as one: it is sent as found.
 */
@Injectable()
export class CachedListInterceptor implements NestInterceptor {
  constructor(private readonly cache: PublicCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.getArgByIndex<FastifyRequest>(0);
    if (req.warmList) {
      replyCached(req, context.getArgByIndex<FastifyReply>(1), req.warmList, 'public');
      return SENT;
    }
    const route = routeRulesOf(req).cachedList;
    const entry = route && this.cache.peek(listKey(route.base, req.originalUrl));
    if (!entry) return next.handle();
    replyCached(req, context.getArgByIndex<FastifyReply>(1), entry, route.visibility);
    return SENT;
  }
}
