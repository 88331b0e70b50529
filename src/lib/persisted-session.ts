import { env } from '@/config/env';

/**
 * What the Firebase SDK has left in this browser, read synchronously before the SDK loads. The key
 * names are the SDK's own (`firebase:{name}:{apiKey}:{appName}`, @firebase/auth
 * _persistenceKeyName); tests/e2e/login-first-paint.e2e.ts pins them against a real sign-in.
 */
const APP_NAME = '[DEFAULT]';
const key = (name: string) => `firebase:${name}:${env.firebaseApiKey}:${APP_NAME}`;

export const PERSISTED_USER_KEY = key('authUser');
export const PENDING_REDIRECT_KEY = key('pendingRedirect');

function read(storage: () => Storage, name: string): string | null {
  try {
    return storage().getItem(name);
  } catch {
    // Storage disabled (privacy mode, sandboxed frame): assume the worst and wait for the SDK.
    return 'unknown';
  }
}

/** True when a Google sign-in by redirect is on its way back to this tab. */
export function hasPendingRedirect(): boolean {
  return read(() => window.sessionStorage, PENDING_REDIRECT_KEY) !== null;
}

/**
 * False only when nobody can be signed in: no stored user and no redirect sign-in pending. Then
 * the session can settle as signed out at once instead of waiting for the SDK.
 */
export function maySignedInUserExist(): boolean {
  return read(() => window.localStorage, PERSISTED_USER_KEY) !== null || hasPendingRedirect();
}
