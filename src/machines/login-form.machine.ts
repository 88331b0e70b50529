import { assign, fromPromise, setup } from 'xstate';

import {
  AUTH_ERROR_TEXTS,
  describeAuthError,
  errorCode,
  errorText,
  type DescribeAuthErrorOptions,
} from './auth-error-messages';

/** The sign-in form's texts, word for word (pinned by tests; docs/product.md lists them). */
export const LOGIN_TEXTS = {
  resetSent: 'Password reset email sent.',
  popupFallback: 'Popup was blocked or closed. Redirecting to Google sign-in...',
  redirectFailed: 'Google sign-in failed.',
  googleFailed: 'Failed to sign in with Google',
  signInFailed: 'Failed to sign in',
  resetFailed: 'Failed to send the password reset email',
} as const;

/** How each sign-in way words an error it has no sentence for. */
const PASSWORD_ERRORS: DescribeAuthErrorOptions = { unknown: AUTH_ERROR_TEXTS.unknownSignIn };
const RESET_ERRORS: DescribeAuthErrorOptions = { unknown: AUTH_ERROR_TEXTS.unknownReset };
const GOOGLE_ERRORS: DescribeAuthErrorOptions = {
  google: true,
  unknown: AUTH_ERROR_TEXTS.unknownSignIn,
};

export interface LoginFormContext {
  email: string;
  password: string;
  error: string | null;
  notice: string | null;
}

export type LoginFormEvent =
  | { type: 'field.change'; field: 'email' | 'password'; value: string }
  | { type: 'form.submit' }
  | { type: 'password.reset' }
  | { type: 'google.signIn' }
  /** Coming back from a Google redirect that failed. */
  | { type: 'redirect.failed'; error: unknown };

/** Popup sign-in errors that switch to a redirect: blocked, closed, or any mention of 'popup'. */
export function isPopupFailure(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'auth/popup-blocked' || code === 'auth/popup-closed-by-user') return true;
  return (errorText(error) ?? '').toLowerCase().includes('popup');
}

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
  },
  actors: {
    signInWithPassword: fromPromise<void, { email: string; password: string }>(() =>
      Promise.reject(new Error('signInWithPassword is not provided')),
    ),
    sendPasswordReset: fromPromise<void, { email: string }>(() =>
      Promise.reject(new Error('sendPasswordReset is not provided')),
    ),
    signInWithGooglePopup: fromPromise<void>(() =>
      Promise.reject(new Error('signInWithGooglePopup is not provided')),
    ),
    signInWithGoogleRedirect: fromPromise<void>(() =>
      Promise.reject(new Error('signInWithGoogleRedirect is not provided')),
    ),
  },
  actions: {
    clearMessages: assign({ error: null, notice: null }),
  },
  guards: {
    isPopupFailure: ({ event }) => 'error' in event && isPopupFailure(event.error),
  },
}).createMachine({
  id: 'loginForm',
  context: { email: '', password: '', error: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': {
          actions: assign(({ event }) =>
            event.field === 'email' ? { email: event.value } : { password: event.value },
          ),
        },
        'form.submit': { target: 'signingIn', actions: 'clearMessages' },
        'password.reset': { target: 'sendingReset', actions: 'clearMessages' },
        'google.signIn': { target: 'googlePopup', actions: 'clearMessages' },
        'redirect.failed': {
          actions: assign({
            notice: null,
            error: ({ event }) =>
              describeAuthError(event.error, LOGIN_TEXTS.redirectFailed, GOOGLE_ERRORS),
          }),
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithPassword',
        src: 'signInWithPassword',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: 'signedIn',
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              describeAuthError(event.error, LOGIN_TEXTS.signInFailed, PASSWORD_ERRORS),
          }),
        },
      },
    },
    sendingReset: {
      tags: ['busy'],
      invoke: {
        id: 'sendPasswordReset',
        src: 'sendPasswordReset',
        // The typed email is used as is: no check here, the identity service answers.
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'idle', actions: assign({ notice: LOGIN_TEXTS.resetSent }) },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              describeAuthError(event.error, LOGIN_TEXTS.resetFailed, RESET_ERRORS),
          }),
        },
      },
    },
    googlePopup: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithGooglePopup',
        src: 'signInWithGooglePopup',
        onDone: 'signedIn',
        onError: [
          {
            guard: 'isPopupFailure',
            target: 'googleRedirect',
            actions: assign({ notice: LOGIN_TEXTS.popupFallback }),
          },
          {
            target: 'idle',
            actions: assign({
              error: ({ event }) =>
                describeAuthError(event.error, LOGIN_TEXTS.googleFailed, GOOGLE_ERRORS),
            }),
          },
        ],
      },
    },
    googleRedirect: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithGoogleRedirect',
        src: 'signInWithGoogleRedirect',
        // The browser leaves the page; the session picks the user up when it comes back.
        onDone: 'redirecting',
        onError: {
          target: 'idle',
          actions: assign({
            notice: null,
            error: ({ event }) =>
              describeAuthError(event.error, LOGIN_TEXTS.redirectFailed, GOOGLE_ERRORS),
          }),
        },
      },
    },
    redirecting: { tags: ['busy'] },
    /** The session machine sees the new user and the /login guard sends the visitor to /dashboard. */
    signedIn: { tags: ['busy'], type: 'final' },
  },
});
