import { Inject, Injectable } from '@nestjs/common';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface AuthAccount {
  email: string;
  password: string;
  displayName: string;
  photoURL: string;
}

/** Creates sign-in accounts with firebase-admin (the Auth emulator in development). */
@Injectable()
export class AuthAccounts {
  private app?: App;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * With a real Firebase project, creating users needs admin credentials (GOOGLE_APPLICATION_CREDENTIALS);
   * without them the demo accounts are left out rather than failing the whole seed.
   */
  canCreate(): boolean {
    return Boolean(this.config.firebaseAuthEmulatorHost || process.env.GOOGLE_APPLICATION_CREDENTIALS);
  }

  /** Creates the account; an existing one (e.g. kept by the emulator's export) is left as it is. */
  async ensure(account: AuthAccount): Promise<'created' | 'existed'> {
    try {
      await getAuth(this.firebaseApp()).createUser({ ...account, emailVerified: true });
      return 'created';
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/email-already-exists') return 'existed';
      throw err;
    }
  }

  private firebaseApp(): App {
    if (!this.app) {
      if (this.config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = this.config.firebaseAuthEmulatorHost;
      const name = `sportify-seed-${this.config.firebaseProjectId}`;
      this.app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: this.config.firebaseProjectId }, name);
    }
    return this.app;
  }
}
