import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';
import { PublicListResponder } from '../common/public-list-responder';
import { ADMIN_USERS_LIST } from '../users/users.service';
import { AuthService } from './auth.service';
import { bearerToken } from './bearer';
import { callerRole } from './caller';
import { CallerCache } from './caller-cache';

/**
 * Lets the admin's warm user pages (GET /users?...) be answered before Express, like the public lists: a page is a
 * cached serialisation, and the framework pipeline around it was most of its cost. The checks are AuthGuard's and
 * RolesGuard's for that route (an API token, the caller's role from CallerCache); anything else, and any refusal,
 * takes the normal pipeline.
 */
@Injectable()
export class AdminListsFastPath implements OnModuleInit {
  constructor(
    private readonly responder: PublicListResponder,
    private readonly auth: AuthService,
    private readonly callers: CallerCache,
  ) {}

  onModuleInit(): void {
    this.responder.servePrivate('/users', ADMIN_USERS_LIST, (req) => this.isAdmin(req));
  }

  private async isAdmin(req: IncomingMessage): Promise<boolean> {
    const token = bearerToken(req as Request);
    const email = token ? await this.auth.verifyApiToken(token) : null;
    return !!email && callerRole(await this.callers.find(email)) === 'admin';
  }
}
