import type { FastifyRequest } from 'fastify';
import type { PublicCache } from '../common/public-cache';
import { listKey } from '../common/public-cache-key';
import type { RequestHook } from '../common/request-hooks';
import type { RouteRules, RouteRulesTable } from '../common/route-rules';
import { clientOf, refuse, type ClientBudget, type ClientBudgets } from './client-budgets';
import { hasOpsKey } from './ops-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The warm public list this request was counted for: CachedListInterceptor sends it without looking again. */
    warmList: import('../common/public-cache').CachedJson | null;
  }
}

/** Which in-memory budget counts a request, by its route's rules (never by how its path is written). */
function budgetOf(
  req: FastifyRequest,
  rules: RouteRules,
  budgets: ClientBudgets,
  cache: PublicCache,
  opsKey: string,
): ClientBudget | null {
  switch (rules.budget) {
    case 'telemetry':
      return hasOpsKey(req, opsKey) ? null : budgets.telemetry;
    case 'token':
      return budgets.token;
    case 'health':
      return budgets.health;
    case 'unsignedEvents':
      // The route counts a delivery once its signature failed; a path no route answers is no delivery at all.
      return req.is404 ? budgets.unsignedEvents : null;
  }
  const method = req.method;
  if (method === 'GET' || method === 'HEAD') {
    const list = rules.cachedList;
    if (list?.visibility === 'public') {
      const entry = cache.peek(listKey(list.base, req.url));
      if (entry) {
        if (!req.is404) req.warmList = entry;
        return budgets.cachedReads;
      }
    }
    return budgets.reads;
  }
  return method === 'OPTIONS' ? budgets.reads : budgets.writes;
}

/**
 * The API's first decision on a request, before its body is read and before any database work: which of the
 * client's budgets it spends, and a 429 with Retry-After once that one is spent. A preflight counts as a read.
 */
export function requestBudgets(
  budgets: ClientBudgets,
  routes: RouteRulesTable,
  cache: PublicCache,
  opsKey: string,
): RequestHook {
  return (req, reply, done) => {
    const budget = budgetOf(req, routes.of(req), budgets, cache, opsKey);
    if (!budget) return done();
    const wait = budget.take(clientOf(req));
    if (wait === 0) return done();
    refuse(reply, wait);
  };
}
