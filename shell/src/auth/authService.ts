import type { SessionUser } from '@sportify/shared-ui';

/** The signed-in account as the auth provider reports it, plus a way to get its current ID token. */
export interface AuthAccount extends SessionUser {
  getIdToken(): Promise<string>;
}

export interface RegisterInput {
  name: string;
  photoURL: string;
  email: string;
  password: string;
}

/** What the shell needs from the auth provider (Firebase in the app, a fake in component tests). */
export interface AuthService {
  signInWithEmail(email: string, password: string): Promise<void>;
  /** Resolves with the Google account so the caller can register it with the API. */
  signInWithGoogle(): Promise<AuthAccount>;
  register(input: RegisterInput): Promise<AuthAccount>;
  signOut(): Promise<void>;
  /** Calls back with the account on every sign-in/out (and once at start). Returns an unsubscribe. */
  onAccountChange(listener: (account: AuthAccount | null) => void): () => void;
}

/**
 * An AuthService that waits for the real one: Firebase is a large download, so it is fetched in parallel with
 * the first render instead of blocking it.
 */
export function deferredAuthService(loading: Promise<AuthService>): AuthService {
  return {
    signInWithEmail: async (email, password) => (await loading).signInWithEmail(email, password),
    signInWithGoogle: async () => (await loading).signInWithGoogle(),
    register: async (input) => (await loading).register(input),
    signOut: async () => (await loading).signOut(),
    onAccountChange(listener) {
      let unsubscribe: (() => void) | null = null;
      let cancelled = false;
      loading.then((service) => {
        if (!cancelled) unsubscribe = service.onAccountChange(listener);
      }, (error: unknown) => {
        console.error('Sign-in is unavailable', error);
        if (!cancelled) listener(null);
      });
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
  };
}
