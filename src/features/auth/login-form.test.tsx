import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';

import { loginFormMachine } from '@/machines/login-form.machine';
import { renderWithProviders } from '@/testing/render';

import { LoginForm } from './login-form';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const authError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

function renderForm(
  actors: Partial<Record<'signIn' | 'reset' | 'popup' | 'redirect', () => Promise<void>>>,
) {
  const signIn = vi.fn<(input: { email: string; password: string }) => Promise<void>>(
    actors.signIn ?? (() => Promise.resolve()),
  );
  const reset = vi.fn<(input: { email: string }) => Promise<void>>(
    actors.reset ?? (() => Promise.resolve()),
  );
  const logic = loginFormMachine.provide({
    actors: {
      signInWithPassword: fromPromise(({ input }) => signIn(input)),
      sendPasswordReset: fromPromise(({ input }) => reset(input)),
      signInWithGooglePopup: fromPromise(actors.popup ?? (() => Promise.resolve())),
      signInWithGoogleRedirect: fromPromise(
        actors.redirect ?? (() => new Promise<void>(() => undefined)),
      ),
    },
  });
  return {
    ...renderWithProviders(<LoginForm logic={logic} />, { route: '/login' }),
    signIn,
    reset,
  };
}

describe('LoginForm', () => {
  it("disables the inputs and reads 'Signing in...' while busy", async () => {
    const pending = deferred();
    const { user, signIn } = renderForm({ signIn: () => pending.promise });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    pending.resolve();
  });

  it('shows a wrong password in red as an alert, and keeps the typed email', async () => {
    const { user } = renderForm({ signIn: () => Promise.reject(authError('auth/wrong-password')) });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The email or password is incorrect.');
    expect(alert.className).toContain('text-red');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it("sends the reset email for the typed email and says 'Password reset email sent.'", async () => {
    const { user, reset } = renderForm({});
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('group', { name: 'Reset your password' })).toHaveTextContent(
      'Send a password reset email to ada@example.com?',
    );
    expect(reset).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText('Password reset email sent.')).toBeInTheDocument();
    expect(reset).toHaveBeenCalledWith({ email: 'ada@example.com' });
  });

  it('sends no reset email when the confirmation is cancelled, and focus returns to the link', async () => {
    const { user, reset } = renderForm({});
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('button', { name: 'Send reset email' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
    expect(reset).not.toHaveBeenCalled();
  });

  it('goes email, password, Sign in with Tab, and Enter in the password field signs in', async () => {
    const { user, signIn, reset } = renderForm({});
    await user.click(screen.getByLabelText('Email'));
    await user.keyboard('ada@example.com');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.keyboard('secret{Enter}');
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' }),
    );
    expect(reset).not.toHaveBeenCalled();
  });

  it('puts Sign in before "Forgot password?" in the tab order', async () => {
    const { user } = renderForm({});
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
  });

  it('falls back to a redirect when the Google popup is blocked', async () => {
    const redirect = vi.fn(() => new Promise<void>(() => undefined));
    const { user } = renderForm({
      popup: () => Promise.reject(authError('auth/popup-blocked')),
      redirect,
    });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(
      await screen.findByText('Popup was blocked or closed. Redirecting to Google sign-in...'),
    ).toBeInTheDocument();
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
  });

  it('says in plain words that Google sign-in is not available when the SDK fails inside', async () => {
    const { user } = renderForm({ popup: () => Promise.reject(authError('auth/internal-error')) });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Google sign-in is not available right now. Check your connection, or sign in with your email and password.',
    );
    expect(alert).not.toHaveTextContent(/Firebase|auth\//);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('says why the last session ended, above the form', () => {
    renderWithProviders(
      <LoginForm
        logic={loginFormMachine}
        signOutReason="This account is disabled. Contact your administrator."
      />,
      { route: '/login' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account is disabled. Contact your administrator.',
    );
  });

  it("links 'create a new account' to /signup", () => {
    renderForm({});
    expect(screen.getByRole('link', { name: 'create a new account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });
});
