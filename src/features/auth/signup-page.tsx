import { useId } from 'react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';

import { AuthField } from './auth-field';
import { AuthFormError } from './auth-form-error';
import { AuthShell } from './auth-shell';
import { createAccount } from './create-account';
import { SignupSent } from './signup-sent';
import type { SignupInput } from './signup-validate';
import { useSignupForm } from './use-signup-form';

/** The sign-up form's inputs, in their order on the page. */
const SIGNUP_FIELDS = [
  { key: 'displayName', label: 'Display name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { key: 'confirm', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
] as const;

export function SignupForm({
  onCreateAccount = createAccount,
}: {
  onCreateAccount?: (input: SignupInput) => Promise<void>;
}) {
  const ids = { displayName: useId(), email: useId(), password: useId(), confirm: useId() };
  const { values, errors, error, busy, sent, change, submit } = useSignupForm(onCreateAccount);

  if (sent) return <SignupSent email={values.email.trim()} />;

  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">
        Create your account
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Already have one?{' '}
        <Link
          to={paths.login}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Sign in
        </Link>
      </p>
      <form
        onSubmit={(event) => void submit(event)}
        className="mt-6 space-y-4"
        noValidate
        aria-label="Create account"
      >
        {SIGNUP_FIELDS.map(({ key, label, type, autoComplete }) => (
          <AuthField
            key={key}
            id={ids[key]}
            label={label}
            type={type}
            autoComplete={autoComplete}
            value={values[key]}
            disabled={busy}
            error={errors[key]}
            onChange={change(key)}
          />
        ))}
        <AuthFormError message={error} />
        <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
          {busy ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </div>
  );
}

/** /signup: where the sign-in page's 'create a new account' link leads. */
export default function SignupPage() {
  return (
    <AuthShell>
      <SignupForm />
    </AuthShell>
  );
}
