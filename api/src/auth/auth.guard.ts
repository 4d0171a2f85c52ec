import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AuthService } from './auth.service';
import { CallerCache } from './caller-cache';
import { bearerToken } from './bearer';
import { callerRole } from './caller';
import type { AuthenticatedRequest } from './current-caller.decorator';
import { ACCEPTS_OPS_KEY, hasOpsKey, sendsOpsKey } from './ops-key';
import { ACCEPTS_FIREBASE_TOKEN, FORBIDDEN_WITHOUT_SESSION, IS_PUBLIC } from './public.decorator';
import { perRoute } from './route-metadata';

interface AuthRules {
  isPublic: boolean;
  acceptsOpsKey: boolean;
  acceptsFirebaseToken: boolean;
  forbiddenWithoutSession: string | undefined;
}

/** Global: every route needs a valid API token unless marked @Public(). Reads the caller's role (CallerCache). */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly rulesOf: (context: ExecutionContext) => AuthRules;

  constructor(
    reflector: Reflector,
    private readonly auth: AuthService,
    private readonly callers: CallerCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.rulesOf = perRoute<AuthRules>((targets) => ({
      isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true,
      acceptsOpsKey: reflector.getAllAndOverride<boolean>(ACCEPTS_OPS_KEY, targets) === true,
      acceptsFirebaseToken: reflector.getAllAndOverride<boolean>(ACCEPTS_FIREBASE_TOKEN, targets) === true,
      forbiddenWithoutSession: reflector.getAllAndOverride<string | undefined>(FORBIDDEN_WITHOUT_SESSION, targets),
    }));
  }

  // A public route is let through at once, without a promise to wait for.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rules = this.rulesOf(context);
    return rules.isPublic || this.authenticate(context.getArgByIndex<AuthenticatedRequest>(0), rules);
  }

  private async authenticate(req: AuthenticatedRequest, rules: AuthRules): Promise<boolean> {
    if (sendsOpsKey(req) && rules.acceptsOpsKey) {
      if (!hasOpsKey(req, this.config.opsKey)) throw new UnauthorizedException('Invalid operator key');
      req.operator = true;
      return true;
    }
    const token = bearerToken(req);
    if (!token) {
      if (rules.forbiddenWithoutSession) throw new ForbiddenException(rules.forbiddenWithoutSession);
      throw new UnauthorizedException('Missing access token (Authorization: Bearer <token>)');
    }

    let email = await this.auth.verifyApiToken(token);
    if (!email && rules.acceptsFirebaseToken) {
      email = await this.auth.emailOfIdToken(token);
    }
    if (!email) throw new UnauthorizedException('Invalid or expired access token');

    const user = await this.callers.find(email);
    req.caller = { email, role: callerRole(user), user };
    return true;
  }
}
