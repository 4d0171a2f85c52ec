import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UsersRepository } from '../users/users.repository';
import { AuthService } from './auth.service';
import { bearerToken } from './bearer';
import { callerRole } from './caller';
import type { AuthenticatedRequest } from './current-caller.decorator';
import { ACCEPTS_FIREBASE_TOKEN, IS_PUBLIC } from './public.decorator';

/** Global: every route needs a valid API token unless marked @Public(). Loads the caller's role per request. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedException('Missing access token (Authorization: Bearer <token>)');

    let email = await this.auth.verifyApiToken(token);
    if (!email && this.reflector.getAllAndOverride<boolean>(ACCEPTS_FIREBASE_TOKEN, targets)) {
      email = (await this.auth.verifyIdToken(token)).email;
    }
    if (!email) throw new UnauthorizedException('Invalid or expired access token');

    const user = await this.users.findByEmail(email);
    req.caller = { email, role: callerRole(user), user };
    return true;
  }
}
