import {
  browserPopupRedirectResolver,
  getRedirectResult,
  GoogleAuthProvider,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
} from 'firebase/auth';
import { fromPromise } from 'xstate';

import { getFirebaseAuth } from '@/lib/firebase';
import { loginFormMachine } from '@/machines/login-form.machine';

/** Seed §9: Google sign-in always shows the account picker. */
export function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** Seed §5: the identity service needs a non-empty continue address in email action settings. */
export function continueUrl(path = '/login'): { url: string } {
  return { url: `${window.location.origin}${path}` };
}

/** Finishes a Google redirect sign-in when the browser comes back to /login. */
export function completeRedirectSignIn(): Promise<unknown> {
  return getRedirectResult(getFirebaseAuth(), browserPopupRedirectResolver);
}

/** The login form machine with Firebase Auth at its edges. */
export const loginFormLogic = loginFormMachine.provide({
  actors: {
    signInWithPassword: fromPromise(async ({ input }) => {
      await signInWithEmailAndPassword(getFirebaseAuth(), input.email, input.password);
    }),
    sendPasswordReset: fromPromise(async ({ input }) => {
      await sendPasswordResetEmail(getFirebaseAuth(), input.email, continueUrl());
    }),
    signInWithGooglePopup: fromPromise(async () => {
      await signInWithPopup(getFirebaseAuth(), googleProvider(), browserPopupRedirectResolver);
    }),
    signInWithGoogleRedirect: fromPromise(async () => {
      await signInWithRedirect(getFirebaseAuth(), googleProvider(), browserPopupRedirectResolver);
    }),
  },
});
