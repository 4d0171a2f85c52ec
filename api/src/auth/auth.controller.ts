import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthService } from './auth.service';
import { bearerToken } from './bearer';
import { JwtExchangeDto } from './jwt-exchange.dto';
import { Public } from './public.decorator';
import { TokenExchange } from './rate-limit';
import { TokenResponse } from './token.response';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Public for the API-token guard; it checks the Firebase ID token itself. */
  @Public()
  @TokenExchange()
  @Post('jwt')
  @HttpCode(200)
  @ApiBearerAuth('firebase')
  @ApiOkResponse({ type: TokenResponse })
  @ApiUnauthorizedResponse({ description: 'Missing, invalid or expired Firebase ID token' })
  @ApiForbiddenResponse({
    description:
      "The ID token belongs to another e-mail address, the e-mail is bound to another sign-in account (uid), or (real Firebase project) the password account's e-mail is not verified yet: code 'email_not_verified'",
  })
  issue(@Req() req: Request, @Body() body: JwtExchangeDto): Promise<{ token: string }> {
    return this.auth.issueToken(bearerToken(req), body.email);
  }
}
