import { useMachine } from '@xstate/react';
import { useEffect, useId, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { loginFormMachine } from '@/machines/login-form.machine';

import { AuthField } from './auth-field';
import { AuthFormError } from './auth-form-error';
import { LoginAlternatives } from './login-alternatives';
import { LoginResetRequest } from './login-reset-request';

export interface LoginFormProps {
  /** The login form machine with its edges provided. */
  logic: typeof loginFormMachine;
  /** Finishes a Google redirect sign-in on return; its failure shows like a redirect failure. */
  completeRedirect?: () => Promise<unknown>;
  /** Why the API or the identity provider ended the last session, said above the form. */
  signOutReason?: string | null;
}

/**
 * Email and password, Google, forgot password, create an account. The tab order is email,
 * password, Sign in; the reset link comes after, so Enter in the password field signs in.
 */
export function LoginForm({ logic, completeRedirect, signOutReason = null }: LoginFormProps) {
  const [snapshot, send] = useMachine(logic);
  const emailId = useId();
  const passwordId = useId();
  const busy = snapshot.hasTag('busy');
  const { email, password, error, notice } = snapshot.context;

  useEffect(() => {
    if (!completeRedirect) return;
    completeRedirect().catch((caught: unknown) => send({ type: 'redirect.failed', error: caught }));
  }, [completeRedirect, send]);

  const change = (field: 'email' | 'password') => (event: { target: { value: string } }) =>
    send({ type: 'field.change', field, value: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Welcome back. Sign in to continue to Bidwright.
      </p>
      {signOutReason ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {signOutReason}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-6 space-y-4" aria-label="Sign in">
        <AuthField
          id={emailId}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          disabled={busy}
          onChange={change('email')}
        />
        <AuthField
          id={passwordId}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          disabled={busy}
          onChange={change('password')}
        />
        <AuthFormError message={error} />
        {notice ? (
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {notice}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
        <LoginResetRequest
          email={email}
          busy={busy}
          onSend={() => send({ type: 'password.reset' })}
        />
      </form>
      <LoginAlternatives busy={busy} onGoogle={() => send({ type: 'google.signIn' })} />
    </div>
  );
}
