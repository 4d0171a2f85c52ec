import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { CallerRole } from './caller';
import type { AuthenticatedRequest } from './current-caller.decorator';
import { ROLES_KEY } from './roles.decorator';
import { perRoute } from './route-metadata';

/** Global, after AuthGuard: enforces @Roles(...) against the role read from the database. */
@Injectable()
export class RolesGuard implements CanActivate {
  private readonly rolesOf: (context: ExecutionContext) => CallerRole[] | undefined;

  constructor(reflector: Reflector) {
    this.rolesOf = perRoute((targets) => reflector.getAllAndOverride<CallerRole[] | undefined>(ROLES_KEY, targets));
  }

  canActivate(context: ExecutionContext): boolean {
    const roles = this.rolesOf(context);
    if (!roles?.length) return true;
    const req = context.getArgByIndex<AuthenticatedRequest>(0);
    // Set by AuthGuard only on routes marked @AcceptsOpsKey().
    if (req.operator) return true;
    if (req.caller && roles.includes(req.caller.role)) return true;
    throw new ForbiddenException(`This action is only for ${roles.join(' or ')} accounts`);
  }
}
