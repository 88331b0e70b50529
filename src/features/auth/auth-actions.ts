import { fromPromise } from 'xstate';

import { loadFirebase, type FirebaseSdk } from '@/lib/firebase';
import { hasPendingRedirect } from '@/lib/persisted-session';
import { loginFormMachine } from '@/machines/login-form.machine';

/** Google sign-in always shows the account picker. */
export function googleProvider(sdk: FirebaseSdk): InstanceType<FirebaseSdk['GoogleAuthProvider']> {
  const provider = new sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** The identity service needs a non-empty continue address in email action settings. */
export function continueUrl(path = '/login'): { url: string } {
  return { url: `${window.location.origin}${path}` };
}

/**
 * Finishes a Google redirect sign-in when the browser comes back to /login. Without a pending
 * redirect there is nothing to finish, so the SDK's popup/redirect helper is not started.
 */
export async function completeRedirectSignIn(): Promise<unknown> {
  if (!hasPendingRedirect()) return null;
  const sdk = await loadFirebase();
  return sdk.getRedirectResult(sdk.firebaseAuth(), sdk.browserPopupRedirectResolver);
}

/** The login form machine with Firebase Auth at its edges. */
export const loginFormLogic = loginFormMachine.provide({
  actors: {
    signInWithPassword: fromPromise(async ({ input }) => {
      const sdk = await loadFirebase();
      await sdk.signInWithEmailAndPassword(sdk.firebaseAuth(), input.email, input.password);
    }),
    sendPasswordReset: fromPromise(async ({ input }) => {
      const sdk = await loadFirebase();
      await sdk.sendPasswordResetEmail(sdk.firebaseAuth(), input.email, continueUrl());
    }),
    signInWithGooglePopup: fromPromise(async () => {
      const sdk = await loadFirebase();
      await sdk.signInWithPopup(
        sdk.firebaseAuth(),
        googleProvider(sdk),
        sdk.browserPopupRedirectResolver,
      );
    }),
    signInWithGoogleRedirect: fromPromise(async () => {
      const sdk = await loadFirebase();
      await sdk.signInWithRedirect(
        sdk.firebaseAuth(),
        googleProvider(sdk),
        sdk.browserPopupRedirectResolver,
      );
    }),
  },
});
