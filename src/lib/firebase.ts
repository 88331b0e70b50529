import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
  type User,
} from 'firebase/auth';

import { env } from '@/config/env';
import type { IdentityUser } from '@/machines/session.machine';

let app: FirebaseApp | null = null;
let auth: Auth | null = null;

/** The one Auth instance (created on first use, emulator-aware). */
export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  app = initializeApp({
    apiKey: env.firebaseApiKey,
    authDomain: env.firebaseAuthDomain,
    projectId: env.firebaseProjectId,
  });
  // initializeAuth without the popup/redirect resolver keeps the login chunk small; the Google
  // helpers pass browserPopupRedirectResolver explicitly when they are used.
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (env.firebaseAuthEmulatorHost) {
    connectAuthEmulator(auth, `http://${env.firebaseAuthEmulatorHost}`, { disableWarnings: true });
  }
  return auth;
}

/** The identity user as plain data (seed §3). */
export function toIdentityUser(user: User): IdentityUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    providerData: user.providerData.map((info) => ({
      providerId: info.providerId,
      uid: info.uid,
      email: info.email,
    })),
    metadata: {
      creationTime: user.metadata.creationTime,
      lastSignInTime: user.metadata.lastSignInTime,
    },
  };
}

/** Errors from getIdToken after which the session is over (seed §4). */
const SESSION_ENDING_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired']);

/**
 * The current user's ID token, or null when signed out. The SDK refreshes tokens itself (5 minutes
 * before expiry, with backoff); this only signs out when the account was disabled or the refresh
 * token expired.
 */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const currentAuth = getFirebaseAuth();
  await currentAuth.authStateReady();
  const user = currentAuth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken(forceRefresh);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && SESSION_ENDING_CODES.has(code)) {
      await currentAuth.signOut();
      return null;
    }
    throw error;
  }
}
