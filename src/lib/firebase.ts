import type { Auth, User } from 'firebase/auth';

import { AUTH_ERROR_TEXTS, describeAuthError } from '@/machines/auth-error-messages';
import type { IdentityUser } from '@/machines/session.machine';

import type * as FirebaseSdkModule from './firebase-sdk';

export type FirebaseSdk = typeof FirebaseSdkModule;

let sdk: Promise<FirebaseSdk> | null = null;

/**
 * The Firebase Auth SDK, fetched on first use (one request, shared). The shell starts it as soon as
 * the session machine runs, so it is normally in place before anyone presses a button.
 */
export function loadFirebase(): Promise<FirebaseSdk> {
  sdk ??= import(/* webpackChunkName: "firebase-sdk" */ './firebase-sdk').catch(
    (error: unknown) => {
      sdk = null; // a failed chunk may be fetched again on the next call
      // The SDK's own code for an unreachable service, so the forms say it in words.
      throw Object.assign(new Error('The sign-in service could not be loaded.', { cause: error }), {
        code: 'auth/network-request-failed',
      });
    },
  );
  return sdk;
}

/** The one Auth instance. */
export async function getFirebaseAuth(): Promise<Auth> {
  return (await loadFirebase()).firebaseAuth();
}

/** The identity user as plain data. */
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

/** Errors from getIdToken after which the session is over (account disabled, token expired). */
const SESSION_ENDING_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired']);

let providerSignOutReason: string | null = null;

/**
 * Why the identity provider itself ended the session (set just before getIdToken signs out), for
 * the sign-in page to say; read once, by the auth-state listener that reports the sign-out.
 */
export function takeProviderSignOutReason(): string | null {
  const reason = providerSignOutReason;
  providerSignOutReason = null;
  return reason;
}

/**
 * The current user's ID token, or null when signed out. The SDK refreshes tokens itself (5 minutes
 * before expiry, with backoff); this only signs out when the account was disabled or the refresh
 * token expired.
 */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const currentAuth = await getFirebaseAuth();
  await currentAuth.authStateReady();
  const user = currentAuth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken(forceRefresh);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && SESSION_ENDING_CODES.has(code)) {
      providerSignOutReason = describeAuthError(error, AUTH_ERROR_TEXTS.sessionEnded);
      await currentAuth.signOut();
      return null;
    }
    if (code === 'auth/network-request-failed') {
      // Offline: the token in hand if it is still valid, else none. The service worker then answers
      // reads from this user's last copies (public/sw.js), and writes fail as offline.
      return forceRefresh ? user.getIdToken(false).catch(() => null) : null;
    }
    throw error;
  }
}
