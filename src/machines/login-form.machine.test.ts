import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

import { describeAuthError } from './auth-error-messages';
import { isPopupFailure, LOGIN_TEXTS, loginFormMachine } from './login-form.machine';

const authError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

function harness(
  overrides: {
    signIn?: () => Promise<void>;
    reset?: () => Promise<void>;
    popup?: () => Promise<void>;
    redirect?: () => Promise<void>;
  } = {},
) {
  const signIn = vi.fn<(input: { email: string; password: string }) => Promise<void>>(
    overrides.signIn ?? (() => Promise.resolve()),
  );
  const reset = vi.fn<(input: { email: string }) => Promise<void>>(
    overrides.reset ?? (() => Promise.resolve()),
  );
  const popup = vi.fn(overrides.popup ?? (() => Promise.resolve()));
  const redirect = vi.fn(overrides.redirect ?? (() => new Promise<void>(() => undefined)));
  const actor = createActor(
    loginFormMachine.provide({
      actors: {
        signInWithPassword: fromPromise(({ input }) => signIn(input)),
        sendPasswordReset: fromPromise(({ input }) => reset(input)),
        signInWithGooglePopup: fromPromise(() => popup()),
        signInWithGoogleRedirect: fromPromise(() => redirect()),
      },
    }),
  ).start();
  const type = (email: string, password: string) => {
    actor.send({ type: 'field.change', field: 'email', value: email });
    actor.send({ type: 'field.change', field: 'password', value: password });
  };
  return { actor, type, signIn, reset, popup, redirect };
}

describe('login form machine', () => {
  it('is busy while signing in and ends signed in', async () => {
    const h = harness();
    h.type('ada@example.com', 'secret');
    h.actor.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(h.actor, (s) => s.matches('signedIn'));
    expect(h.signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
  });

  it('shows a sentence for a known error code and is idle again', async () => {
    const h = harness({ signIn: () => Promise.reject(authError('auth/invalid-credential')) });
    h.actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('idle'));
    expect(snapshot.context.error).toBe('The email or password is incorrect.');
  });

  it('shows a general sentence, never the provider text, for an unknown code', async () => {
    const h = harness({ signIn: () => Promise.reject(authError('auth/odd')) });
    h.actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(snapshot.context.error).toBe(
      'Something went wrong while signing in. Try again in a moment.',
    );
  });

  it('shows the plain message of an error without a code', async () => {
    const h = harness({ signIn: () => Promise.reject(new Error('Something odd')) });
    h.actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(snapshot.context.error).toBe('Something odd');
  });

  it('says Google sign-in is not available when its window cannot open', async () => {
    const h = harness({ popup: () => Promise.reject(authError('auth/internal-error')) });
    h.actor.send({ type: 'google.signIn' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(snapshot.context.error).toBe(
      'Google sign-in is not available right now. Check your connection, or sign in with your email and password.',
    );
    expect(h.redirect).not.toHaveBeenCalled();
  });

  it("sends the reset email to the typed email and says 'Password reset email sent.'", async () => {
    const h = harness();
    h.type('  typed@example.com', '');
    h.actor.send({ type: 'password.reset' });
    const snapshot = await waitFor(h.actor, (s) => s.context.notice !== null);
    expect(h.reset).toHaveBeenCalledWith({ email: '  typed@example.com' });
    expect(snapshot.context.notice).toBe('Password reset email sent.');
  });

  it('falls back to redirect when the popup is blocked', async () => {
    const h = harness({ popup: () => Promise.reject(authError('auth/popup-blocked')) });
    h.actor.send({ type: 'google.signIn' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('googleRedirect'));
    expect(snapshot.context.notice).toBe(LOGIN_TEXTS.popupFallback);
    expect(h.redirect).toHaveBeenCalledTimes(1);
  });

  it("a redirect failure shows its message or 'Google sign-in failed.'", async () => {
    const h = harness({
      popup: () => Promise.reject(authError('auth/popup-closed-by-user')),
      redirect: () => Promise.reject(new Error('')),
    });
    h.actor.send({ type: 'google.signIn' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(snapshot.context.error).toBe('Google sign-in failed.');
  });

  it("other Google errors show their message or 'Failed to sign in with Google'", async () => {
    const h = harness({ popup: () => Promise.reject(new Error('')) });
    h.actor.send({ type: 'google.signIn' });
    const snapshot = await waitFor(h.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(snapshot.context.error).toBe('Failed to sign in with Google');
  });
});

describe('isPopupFailure', () => {
  it.each([
    [authError('auth/popup-blocked'), true],
    [authError('auth/popup-closed-by-user'), true],
    [new Error('The Popup window went away'), true],
    [authError('auth/network-request-failed'), false],
  ])('%s -> %s', (error, expected) => {
    expect(isPopupFailure(error)).toBe(expected);
  });
});

describe('describeAuthError', () => {
  it.each([
    'auth/invalid-credential',
    'auth/wrong-password',
    'auth/user-not-found',
    'auth/too-many-requests',
    'auth/user-disabled',
    'auth/invalid-email',
    'auth/network-request-failed',
    'auth/email-already-in-use',
    'auth/weak-password',
    'auth/missing-password',
  ])('%s has a sentence a person understands', (code) => {
    const text = describeAuthError(authError(code), 'fallback');
    expect(text).not.toContain('auth/');
    expect(text).toMatch(/\.$/);
  });
});
