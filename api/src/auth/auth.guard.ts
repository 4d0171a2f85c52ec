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

/** Global: every route needs a valid API token unless marked @Public(). Reads the caller's role (CallerCache). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly callers: CallerCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (sendsOpsKey(req) && this.reflector.getAllAndOverride<boolean>(ACCEPTS_OPS_KEY, targets)) {
      if (!hasOpsKey(req, this.config.opsKey)) throw new UnauthorizedException('Invalid operator key');
      req.operator = true;
      return true;
    }
    const token = bearerToken(req);
    if (!token) {
      const forbidden = this.reflector.getAllAndOverride<string | undefined>(FORBIDDEN_WITHOUT_SESSION, targets);
      if (forbidden) throw new ForbiddenException(forbidden);
      throw new UnauthorizedException('Missing access token (Authorization: Bearer <token>)');
    }

    let email = await this.auth.verifyApiToken(token);
    if (!email && this.reflector.getAllAndOverride<boolean>(ACCEPTS_FIREBASE_TOKEN, targets)) {
      email = await this.auth.emailOfIdToken(token);
    }
    if (!email) throw new UnauthorizedException('Invalid or expired access token');

    const user = await this.callers.find(email);
    req.caller = { email, role: callerRole(user), user };
    return true;
  }
}
