import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';

const TOKEN_EXCHANGE = 'sportify:token-exchange';
/** Marks the token exchange, which gets its own, stricter rate limit (it is what a credential-stuffer would hit). */
export const TokenExchange = () => SetMetadata(TOKEN_EXCHANGE, true);

const PROVIDER_EVENTS = 'sportify:provider-events';
/** Marks the provider's webhook: its own budget, sized for the provider, never the browsers' write limit. */
export const ProviderEvents = () => SetMetadata(PROVIDER_EVENTS, true);

const OWN_BUDGET = 'sportify:own-budget';
/** Marks a route whose budget a middleware of its own keeps (POST /telemetry): none of these budgets counts it. */
export const OwnBudget = () => SetMetadata(OWN_BUDGET, true);

const isTokenExchange = (ctx: ExecutionContext) => Reflect.getMetadata(TOKEN_EXCHANGE, ctx.getHandler()) === true;
const isProviderEvent = (ctx: ExecutionContext) => Reflect.getMetadata(PROVIDER_EVENTS, ctx.getHandler()) === true;
const hasOwnBudget = (ctx: ExecutionContext) => Reflect.getMetadata(OWN_BUDGET, ctx.getHandler()) === true;
const isRead = (ctx: ExecutionContext) =>
  ['GET', 'HEAD', 'OPTIONS'].includes(ctx.switchToHttp().getRequest<FastifyRequest>().method);

/**
 * Per client IP: one budget for POST /jwt, one for the provider's events, one for every other write; reads have
 * their own in rate-limit-reads.ts, and so do the browsers' telemetry reports (telemetry/telemetry-http.ts).
 */
export function rateLimits(config: AppConfig): ThrottlerModuleOptions {
  const ttl = config.rateLimits.windowSeconds * 1000;
  return {
    errorMessage: 'Too many requests, please try again later',
    throttlers: [
      { name: 'token', ttl, limit: config.rateLimits.jwt, skipIf: (ctx) => !isTokenExchange(ctx) },
      {
        name: 'writes',
        ttl,
        limit: config.rateLimits.writes,
        skipIf: (ctx) => isTokenExchange(ctx) || isProviderEvent(ctx) || hasOwnBudget(ctx),
      },
      { name: 'events', ttl, limit: config.rateLimits.providerEvents, skipIf: (ctx) => !isProviderEvent(ctx) },
    ],
  };
}

/**
 * The budgets above count writes only (reads have theirs before Nest), so a read skips the guard at once instead of
 * asking each budget's metadata and skip rule on every request.
 */
@Injectable()
export class WritesThrottlerGuard extends ThrottlerGuard {
  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(isRead(context));
  }
}
