import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { routeRulesOf, WithRouteRules, type OwnBudget } from '../common/route-rules';
import type { AppConfig } from '../config/config';

/**
 * Marks a route that keeps a budget of its own (client-budgets.ts): POST /jwt the token exchange's, stricter (it is
 * what a credential-stuffer would hit); POST /telemetry the browsers' reports'; the provider's webhook its unsigned
 * deliveries'; the health routes theirs. None of them counts against the writes' budget.
 */
export const Budget = (budget: OwnBudget) => WithRouteRules({ budget });

const ownBudgetOf = (ctx: ExecutionContext) => routeRulesOf(ctx.switchToHttp().getRequest<FastifyRequest>()).budget;
const isRead = (ctx: ExecutionContext): boolean => {
  const method = ctx.getArgByIndex<FastifyRequest>(0).method;
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
};

/**
 * Per client (its address, an IPv6 address by its /64): one budget for POST /jwt and one for every other write,
 * shared by every replica in MongoDB, each checked after the same budget in memory (client-budgets.ts), so a
 * client past it on this replica costs no database write. One key per budget and client, whatever the route.
 */
export function rateLimits(config: AppConfig): ThrottlerModuleOptions {
  const ttl = config.rateLimits.windowSeconds * 1000;
  return {
    errorMessage: 'Too many requests, please try again later',
    generateKey: (_ctx, tracker, name) => createHash('sha256').update(`${name}-${tracker}`).digest('hex'),
    throttlers: [
      { name: 'token', ttl, limit: config.rateLimits.jwt, skipIf: (ctx) => ownBudgetOf(ctx) !== 'token' },
      { name: 'writes', ttl, limit: config.rateLimits.writes, skipIf: (ctx) => ownBudgetOf(ctx) !== undefined },
    ],
  };
}

/** The budgets above, in MongoDB; WritesGuard asks it about writes only. */
@Injectable()
export class WritesThrottlerGuard extends ThrottlerGuard {
  /** The standard Retry-After, as every other budget's 429 sends it (the library names its own per budget). */
  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    void context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(detail.timeToBlockExpire));
    return super.throwThrottlingException(context, detail);
  }
}

/**
 * Global: the budgets above count writes only (reads have theirs before Nest), so a read is let through at once,
 * without asking each budget's skip rule or waiting for a promise.
 */
@Injectable()
export class WritesGuard implements CanActivate {
  constructor(private readonly throttler: WritesThrottlerGuard) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return isRead(context) || this.throttler.canActivate(context);
  }
}
