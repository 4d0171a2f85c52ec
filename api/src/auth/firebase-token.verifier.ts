import { Inject, Injectable, Logger } from '@nestjs/common';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../config/config';

export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  /** 'password', 'google.com', ... */
  provider: string;
}

export class InvalidIdTokenError extends Error {}

/** Verifies Firebase ID tokens with firebase-admin; emulator tokens when FIREBASE_AUTH_EMULATOR_HOST is set. */
@Injectable()
export class FirebaseTokenVerifier {
  private readonly logger = new Logger(FirebaseTokenVerifier.name);
  private app?: App;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async verify(idToken: string): Promise<VerifiedIdentity> {
    try {
      const decoded = await getAuth(this.firebaseApp()).verifyIdToken(idToken);
      if (!decoded.email) throw new InvalidIdTokenError('The ID token has no e-mail address');
      return {
        uid: decoded.uid,
        email: decoded.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        provider: decoded.firebase?.sign_in_provider ?? '',
      };
    } catch (err) {
      if (err instanceof InvalidIdTokenError) throw err;
      // The browser only sends fresh tokens: a rejection is rare enough to say why.
      this.logger.warn(`ID token rejected: ${(err as Error).message}`);
      throw new InvalidIdTokenError('Invalid or expired ID token');
    }
  }

  private firebaseApp(): App {
    if (!this.app) {
      // firebase-admin reads the emulator address from the environment.
      if (this.config.firebaseAuthEmulatorHost) {
        process.env.FIREBASE_AUTH_EMULATOR_HOST = this.config.firebaseAuthEmulatorHost;
      }
      const name = `sportify-api-${this.config.firebaseProjectId}`;
      this.app =
        getApps().find((a) => a.name === name) ?? initializeApp({ projectId: this.config.firebaseProjectId }, name);
    }
    return this.app;
  }
}
