import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccountBindingsRepository } from './account-bindings.repository';
import { FirebaseTokenVerifier, InvalidIdTokenError, type VerifiedIdentity } from './firebase-token.verifier';

export interface ApiTokenPayload {
  sub: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly firebase: FirebaseTokenVerifier,
    private readonly jwt: JwtService,
    private readonly bindings: AccountBindingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Exchanges a verified Firebase ID token for an API token, only for the e-mail that token proves. */
  async issueToken(idToken: string | undefined, email: string): Promise<{ token: string }> {
    const identity = await this.verifyIdToken(idToken);
    if (identity.email !== email.trim().toLowerCase()) {
      throw new ForbiddenException('The ID token does not belong to this e-mail address');
    }
    await this.assertUsable(identity);
    return { token: await this.jwt.signAsync({ sub: identity.email } satisfies ApiTokenPayload) };
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
