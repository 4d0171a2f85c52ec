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

export const VERIFY_EMAIL_MESSAGE = 'Please verify your e-mail: we sent you a link';

/**
 * With a real Firebase project a password account must verify its e-mail before the API gives it a token (the API
 * decides; the shell says so at once instead of a failed session). The link has been sent; the account is signed out.
 */
export class EmailNotVerifiedError extends Error {
  constructor() {
    super(VERIFY_EMAIL_MESSAGE);
    this.name = 'EmailNotVerifiedError';
  }
}

/** What the shell needs from the auth provider (Firebase in the app, a fake in component tests). */
export interface AuthService {
  /** Start loading the provider now (e.g. when the Login page opens). */
  prepare(): void;
  /** Rejects with EmailNotVerifiedError (after sending the link) for an unverified account of a real project. */
  signInWithEmail(email: string, password: string): Promise<void>;
  /** Sends the verification link again (signs in for it, then out). */
  resendVerification(email: string, password: string): Promise<void>;
  /** Resolves with the Google account so the caller can register it with the API. */
  signInWithGoogle(): Promise<AuthAccount>;
  register(input: RegisterInput): Promise<AuthAccount>;
  signOut(): Promise<void>;
  /** Calls back with the account on every sign-in/out (and once at start). Returns an unsubscribe. */
  onAccountChange(listener: (account: AuthAccount | null) => void): () => void;
}

/** Set from a Logout until the provider has confirmed it (its saved sign-in is gone). */
export const SIGNED_OUT_KEY = 'sportify-signed-out';

/**
 * An AuthService that loads the real one on demand (`prepare`, or the first call that needs it). Firebase is the
 * largest part of the shell: a visitor with no saved sign-in never downloads it until they open Login or Register,
 * and is reported signed out at once. With a saved sign-in (`saved`) nothing is reported until Firebase has
 * loaded; the session sync decides when that starts (sessionSync.ts).
 *
 * `signOut` reports the sign-out at once, whatever the provider is doing (loading, restoring the saved sign-in,
 * failing to sign out), and from then on reports every account as signed out until a new sign-in starts: a
 * provider that finishes loading after a Logout would otherwise report the sign-in it restored. The Logout is kept
 * in localStorage until the provider has confirmed it, so a page left or reloaded before then starts signed out and
 * ends the provider's saved sign-in as soon as it loads, instead of resuming it.
 */
export function lazyAuthService(load: () => Promise<AuthService>, { saved }: { saved: boolean }): AuthService {
  let loading: Promise<AuthService> | null = null;
  // A Logout of an earlier page that the provider never confirmed.
  let unconfirmedLogout = localStorage.getItem(SIGNED_OUT_KEY) !== null;
  let loggedOut = unconfirmedLogout;
  const listeners = new Set<(account: AuthAccount | null) => void>();
  const report = (account: AuthAccount | null) => listeners.forEach((listener) => listener(loggedOut ? null : account));
  const confirmLogout = async (service: AuthService) => {
    await service.signOut();
    localStorage.removeItem(SIGNED_OUT_KEY);
  };
  const ensure = () => {
    if (!loading) {
      loading = load().then(async (service) => {
        if (unconfirmedLogout) {
          unconfirmedLogout = false;
          await confirmLogout(service).catch((error: unknown) => console.error('Logout failed', error));
        }
        return service;
      });
      loading.then(
        (service) => service.onAccountChange(report),
        (error: unknown) => {
          console.error('Sign-in is unavailable', error);
          loading = null; // let a later attempt try again
          report(null);
        },
      );
    }
    return loading;
  };
  /** A new sign-in ends the hold of the last Logout (once the provider has ended that one). */
  const signingIn = async () => {
    loggedOut = false;
    const service = await ensure();
    localStorage.removeItem(SIGNED_OUT_KEY);
    return service;
  };

  return {
    prepare: () => void ensure().catch(() => undefined),
    signInWithEmail: async (email, password) => (await signingIn()).signInWithEmail(email, password),
    resendVerification: async (email, password) => (await ensure()).resendVerification(email, password),
    signInWithGoogle: async () => (await signingIn()).signInWithGoogle(),
    register: async (input) => (await signingIn()).register(input),
    async signOut() {
      loggedOut = true;
      // Nothing saved and nothing loaded: the provider has no sign-in to end.
      const providerSignIn = saved || loading !== null;
      if (providerSignIn) localStorage.setItem(SIGNED_OUT_KEY, '1');
      report(null);
      if (providerSignIn) await confirmLogout(await ensure());
    },
    onAccountChange(listener) {
      listeners.add(listener);
      // Nobody saved (or the saved sign-in was logged out): signed out without waiting for Firebase.
      if (!saved && !loading) listener(null);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether Firebase has a saved sign-in in this browser (its localStorage persistence key) that was not logged out.
 */
export function hasSavedSignIn(apiKey: string, storage: Storage = localStorage): boolean {
  if (storage.getItem(SIGNED_OUT_KEY) !== null) return false;
  const prefix = `firebase:authUser:${apiKey}:`;
  for (let i = 0; i < storage.length; i += 1) {
    if (storage.key(i)?.startsWith(prefix)) return true;
  }
  return false;
}
