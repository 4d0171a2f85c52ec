import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { FirebaseTokenVerifier, InvalidIdTokenError, type VerifiedIdentity } from './firebase-token.verifier';

export interface ApiTokenPayload {
  sub: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly firebase: FirebaseTokenVerifier,
    private readonly jwt: JwtService,
  ) {}

  /** Exchanges a verified Firebase ID token for an API token, only for the e-mail that token proves. */
  async issueToken(idToken: string | undefined, email: string): Promise<{ token: string }> {
    const identity = await this.verifyIdToken(idToken);
    if (identity.email !== email.trim().toLowerCase()) {
      throw new ForbiddenException('The ID token does not belong to this e-mail address');
    }
    return { token: await this.jwt.signAsync({ sub: identity.email } satisfies ApiTokenPayload) };
  }

  async verifyIdToken(idToken: string | undefined): Promise<VerifiedIdentity> {
    if (!idToken) throw new UnauthorizedException('Missing Firebase ID token (Authorization: Bearer <token>)');
    try {
      return await this.firebase.verify(idToken);
    } catch (err) {
      if (err instanceof InvalidIdTokenError) throw new UnauthorizedException(err.message);
      throw err;
    }
  }

  /** The e-mail an API token was issued to, or null when it is invalid or expired. */
  async verifyApiToken(token: string): Promise<string | null> {
    try {
      const payload = await this.jwt.verifyAsync<ApiTokenPayload>(token);
      return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
