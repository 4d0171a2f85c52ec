import { Inject, Injectable } from '@nestjs/common';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../config/config';

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
      // A fixed uid per demo e-mail: the API binds each e-mail to its uid, so a re-created emulator account
      // (data folder partly wiped) must come back with the same one.
      const uid = `demo-${account.email.replace(/[^a-z0-9]/gi, '-')}`;
      await getAuth(this.firebaseApp()).createUser({ ...account, uid, emailVerified: true });
      return 'created';
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'auth/email-already-exists' || code === 'auth/uid-already-exists') return 'existed';
      throw err;
    }
  }

  private firebaseApp(): App {
    if (!this.app) {
      if (this.config.firebaseAuthEmulatorHost)
        process.env.FIREBASE_AUTH_EMULATOR_HOST = this.config.firebaseAuthEmulatorHost;
      const name = `sportify-seed-${this.config.firebaseProjectId}`;
      this.app =
        getApps().find((a) => a.name === name) ?? initializeApp({ projectId: this.config.firebaseProjectId }, name);
    }
    return this.app;
  }
}
