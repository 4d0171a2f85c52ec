import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthService } from './auth.service';
import { CallerCache } from './caller-cache';
import { bearerToken } from './bearer';
import { callerRole } from './caller';
import type { AuthenticatedRequest } from './current-caller.decorator';
import { ACCEPTS_FIREBASE_TOKEN, IS_PUBLIC } from './public.decorator';

/** Global: every route needs a valid API token unless marked @Public(). Reads the caller's role (CallerCache). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly callers: CallerCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedException('Missing access token (Authorization: Bearer <token>)');

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
