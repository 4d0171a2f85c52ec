// Firebase Auth behind the AuthService interface. Loaded lazily (its own chunk); modular imports only.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import type { FirebaseSettings } from '@sportify/shared-ui';
import { EmailNotVerifiedError, type AuthAccount, type AuthService } from './authService';

// Getters, not a snapshot: Register sets the name and photo after the account exists, and the session should
// show them even when its token exchange finishes after that update.
const toAccount = (user: User): AuthAccount => ({
  get email() {
    return user.email ?? '';
  },
  get displayName() {
    return user.displayName;
  },
  get photoURL() {
    return user.photoURL;
  },
  getIdToken: () => user.getIdToken(),
});

export function createFirebaseAuthService(settings: FirebaseSettings): AuthService {
  const app = initializeApp({
    apiKey: settings.apiKey,
    authDomain: settings.authDomain,
    projectId: settings.projectId,
  });
  // initializeAuth with only what we use keeps the bundle smaller than getAuth().
  const auth = initializeAuth(app, {
    persistence: browserLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (settings.authEmulatorUrl) connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  // The emulator's accounts stay usable in development; a real project's password accounts must be verified.
  const mustVerify = (user: User) => !settings.authEmulatorUrl && !user.emailVerified;
  const sendLinkAndSignOut = async (user: User) => {
    try {
      await sendEmailVerification(user);
    } finally {
      await signOut(auth);
    }
  };

  return {
    async signInWithEmail(email, password) {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      if (mustVerify(user)) {
        await sendLinkAndSignOut(user);
        throw new EmailNotVerifiedError();
      }
    },
    async resendVerification(email, password) {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      if (mustVerify(user)) await sendLinkAndSignOut(user);
    },
    async signInWithGoogle() {
      const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
      return toAccount(user);
    },
    async register({ name, photoURL, email, password }) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name, photoURL });
      // The API refuses an unverified password account of a real project: send the link right away.
      if (mustVerify(user)) await sendEmailVerification(user);
      return toAccount(user);
    },
    prepare: () => undefined,
    signOut: () => signOut(auth),
    onAccountChange: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toAccount(user) : null)),
  };
}
