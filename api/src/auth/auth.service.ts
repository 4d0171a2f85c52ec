import { randomUUID } from 'node:crypto';
import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AccountBindingsRepository } from './account-bindings.repository';
import { FirebaseTokenVerifier, InvalidIdTokenError, type VerifiedIdentity } from './firebase-token.verifier';
import { RevokedTokens } from './revoked-tokens';

export interface ApiTokenPayload {
  sub: string;
  /** The token's id: Logout revokes the token by it. */
  jti: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly firebase: FirebaseTokenVerifier,
    private readonly jwt: JwtService,
    private readonly bindings: AccountBindingsRepository,
    private readonly revoked: RevokedTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Exchanges a verified Firebase ID token for an API token, only for the e-mail that token proves. */
  async issueToken(idToken: string | undefined, email: string): Promise<{ token: string }> {
    const identity = await this.verifyIdToken(idToken);
    if (identity.email !== email.trim().toLowerCase()) {
      throw new ForbiddenException('The ID token does not belong to this e-mail address');
    }
    await this.assertUsable(identity);
    const payload: ApiTokenPayload = { sub: identity.email, jti: randomUUID() };
    return { token: await this.jwt.signAsync(payload) };
  }

  /** The e-mail a Firebase ID token proves, with the same checks as the token exchange (POST /users takes one). */
  async emailOfIdToken(idToken: string): Promise<string> {
    const identity = await this.verifyIdToken(idToken);
    await this.assertUsable(identity);
    return identity.email;
  }

  /** The rules every use of an ID token applies: a verified e-mail (real project), and the e-mail's own account. */
  private async assertUsable(identity: VerifiedIdentity): Promise<void> {
    // With a real Firebase project anyone can create an account for any address, with any provider: only a verified
    // one counts. (The emulator's accounts stay usable in development unless told otherwise.)
    if (this.config.requireVerifiedEmail && !identity.emailVerified) {
      throw new ForbiddenException({
        statusCode: 403,
        error: 'Forbidden',
        code: 'email_not_verified',
        message: 'Please verify your e-mail: we sent you a link',
      });
    }
    // Roles are stored per e-mail; the first account that signs in with it owns it from then on.
    if ((await this.bindings.bind(identity.email, identity.uid)) !== identity.uid) {
      throw new ForbiddenException('This e-mail address belongs to another sign-in account');
    }
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

  /** The e-mail an API token was issued to, or null when it is invalid, expired or revoked. */
  async verifyApiToken(token: string): Promise<string | null> {
    const payload = await this.apiTokenPayload(token);
    if (!payload || (await this.revoked.isRevoked(payload.jti))) return null;
    return payload.sub;
  }

  /** Logout: a valid token is refused by every route from now on (an invalid one needs nothing). */
  async revokeApiToken(token: string): Promise<void> {
    const payload = await this.apiTokenPayload(token);
    if (payload) await this.revoked.revoke(payload.jti, new Date(payload.exp * 1000));
  }

  /** A token's claims when its signature, issuer, audience and expiry hold; one without an id is not ours. */
  private async apiTokenPayload(token: string): Promise<(ApiTokenPayload & { exp: number }) | null> {
    try {
      const payload = await this.jwt.verifyAsync<Partial<ApiTokenPayload> & { exp?: number }>(token);
      const { sub, jti, exp } = payload;
      if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti || typeof exp !== 'number') return null;
      return { sub, jti, exp };
    } catch {
      return null;
    }
  }
}
