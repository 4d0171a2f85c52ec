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
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import type { FirebaseSettings } from '@sportify/shared-ui';
import type { AuthAccount, AuthService } from './authService';

// Getters, not a snapshot: Register sets the name and photo after the account exists, and the session should
// show them even when its token exchange finishes after that update.
const toAccount = (user: User): AuthAccount => ({
  get email() { return user.email ?? ''; },
  get displayName() { return user.displayName; },
  get photoURL() { return user.photoURL; },
  getIdToken: () => user.getIdToken(),
});

export function createFirebaseAuthService(settings: FirebaseSettings): AuthService {
  const app = initializeApp({ apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId });
  // initializeAuth with only what we use keeps the bundle smaller than getAuth().
  const auth = initializeAuth(app, {
    persistence: browserLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (settings.authEmulatorUrl) connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });

  return {
    async signInWithEmail(email, password) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signInWithGoogle() {
      const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
      return toAccount(user);
    },
    async register({ name, photoURL, email, password }) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name, photoURL });
      return toAccount(user);
    },
    prepare: () => undefined,
    signOut: () => signOut(auth),
    onAccountChange: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toAccount(user) : null)),
  };
}
