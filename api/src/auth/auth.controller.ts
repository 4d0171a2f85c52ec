import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AuthService } from './auth.service';
import { bearerToken } from './bearer';
import { JwtExchangeDto } from './jwt-exchange.dto';
import { Public } from './public.decorator';
import { Budget } from './rate-limit';
import { clearSessionCookie, SESSION_COOKIE, sessionCookieToken, setSessionCookie } from './session-cookie';
import { TokenResponse } from './token.response';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Public for the API-token guard; it checks the Firebase ID token itself. */
  @Public()
  @Budget('token')
  @Post('jwt')
  @HttpCode(200)
  @ApiBearerAuth('firebase')
  @ApiOkResponse({
    type: TokenResponse,
    headers: {
      'Set-Cookie': {
        description: `${SESSION_COOKIE}=<the same token>; HttpOnly; Secure (outside development mode); SameSite=Lax; Path=/; Max-Age=<the token's lifetime>. Only the page server reads it, to render pages as the user; no API call accepts it.`,
        schema: { type: 'string' },
      },
    },
  })
  @ApiUnauthorizedResponse({ description: 'Missing, invalid or expired Firebase ID token' })
  @ApiForbiddenResponse({
    description:
      "The ID token belongs to another e-mail address, the e-mail is bound to another sign-in account (uid), or (real Firebase project) the password account's e-mail is not verified yet: code 'email_not_verified'",
  })
  async issue(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
    @Body() body: JwtExchangeDto,
  ): Promise<{ token: string }> {
    const issued = await this.auth.issueToken(bearerToken(req), body.email);
    setSessionCookie(res, issued.token, this.config);
    return issued;
  }

  /**
   * Ends the session: revokes the API token of the Authorization header and the cookie's (every route refuses them
   * from now on, on every replica) and clears the cookie. Public: a token that is invalid or expired already needs
   * nothing, and having a token is what it takes to revoke it.
   */
  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: `Revokes the API token sent as Authorization: Bearer and the one in the ${SESSION_COOKIE} cookie, if valid (every route then answers 401 to them, on every replica), and clears the cookie. Public and idempotent.`,
    headers: { 'Set-Cookie': { description: `${SESSION_COOKIE}=; expired`, schema: { type: 'string' } } },
  })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    const tokens = new Set([bearerToken(req), sessionCookieToken(req)].filter((token) => token !== undefined));
    await Promise.all([...tokens].map((token) => this.auth.revokeApiToken(token)));
    clearSessionCookie(res, this.config);
  }
}
