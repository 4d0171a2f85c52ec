import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller';

export interface AuthenticatedRequest extends FastifyRequest {
  caller?: Caller;
  /** Authenticated by the operators' key (X-Sportify-Ops-Key) on a route that accepts it. */
  operator?: boolean;
}

/** The authenticated caller, set by AuthGuard. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<AuthenticatedRequest>().caller;
  if (!caller) throw new Error('CurrentCaller used on a route without authentication');
  return caller;
});
