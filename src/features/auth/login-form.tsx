import { useMachine } from '@xstate/react';
import { useEffect, useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { loginFormMachine } from '@/machines/login-form.machine';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

export interface LoginFormProps {
  /** The login form machine with its edges provided. */
  logic: typeof loginFormMachine;
  /** Finishes a Google redirect sign-in on return; its failure shows like a redirect failure. */
  completeRedirect?: () => Promise<unknown>;
  /** Why the API or the identity provider ended the last session, said above the form. */
  signOutReason?: string | null;
}

/** Email and password, Google, forgot password, create an account. */
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
        <div className="space-y-1">
          <label
            htmlFor={emailId}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Email
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            className={inputClass}
            value={email}
            disabled={busy}
            onChange={(event) =>
              send({ type: 'field.change', field: 'email', value: event.target.value })
            }
          />
        </div>
        <div className="space-y-1">
          <div className="flex items-center justify-between gap-2">
            <label
              htmlFor={passwordId}
              className="block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Password
            </label>
            <button
              type="button"
              disabled={busy}
              onClick={() => send({ type: 'password.reset' })}
              className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-indigo-300"
            >
              Forgot password?
            </button>
          </div>
          <input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={password}
            disabled={busy}
            onChange={(event) =>
              send({ type: 'field.change', field: 'password', value: event.target.value })
            }
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {notice}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
      <div className="my-6 flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => send({ type: 'google.signIn' })}
        className={`${buttonClass.secondary} w-full`}
      >
        <GoogleMark />
        Sign in with Google
      </button>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        New to Bidwright?{' '}
        <Link
          to={paths.signup}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          create a new account
        </Link>
      </p>
    </div>
  );
}
