/**
 * The Firebase Auth SDK and the app's one Auth instance. Only ever loaded through loadFirebase()
 * in ./firebase: a dynamic import keeps the SDK (about 45 KB gzip) off the login route's first
 * paint (docs/decisions/0006-login-first-paint.md).
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';

import { env } from '@/config/env';

export {
  browserPopupRedirectResolver,
  getRedirectResult,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
} from 'firebase/auth';

let auth: Auth | null = null;

/** The one Auth instance (created on first use, emulator-aware). */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  const app = initializeApp({
    apiKey: env.firebaseApiKey,
    authDomain: env.firebaseAuthDomain,
    projectId: env.firebaseProjectId,
  });
  // localStorage first, so the shell can tell synchronously whether anyone may be signed in
  // (./persisted-session.ts); IndexedDB second, so a session stored there by an earlier version
  // is migrated rather than lost. No popup/redirect resolver here: the Google helpers pass
  // browserPopupRedirectResolver when they are used.
  auth = initializeAuth(app, { persistence: [browserLocalPersistence, indexedDBLocalPersistence] });
  if (env.firebaseAuthEmulatorHost) {
    connectAuthEmulator(auth, `http://${env.firebaseAuthEmulatorHost}`, { disableWarnings: true });
  }
  return auth;
}
