import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  updateProfile,
} from 'firebase/auth';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { getFirebaseAuth } from '@/lib/firebase';
import { AUTH_ERROR_TEXTS, describeAuthError } from '@/machines/auth-error-messages';

import { AuthShell } from './auth-shell';
import { continueUrl } from './auth-actions';

export const SIGNUP_TEXTS = {
  verificationSent: 'Verification email sent. Please verify your email.',
} as const;

export interface SignupInput {
  displayName: string;
  email: string;
  password: string;
}

/** Creates the account, sets its display name and sends the verification email. */
export async function createAccount({ displayName, email, password }: SignupInput): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(await getFirebaseAuth(), email, password);
  await updateProfile(user, { displayName });
  await sendEmailVerification(user, continueUrl(paths.dashboard));
}

type FieldErrors = Partial<Record<'displayName' | 'email' | 'password' | 'confirm', string>>;

export function validateSignup(values: SignupInput & { confirm: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.displayName.trim()) errors.displayName = 'Enter your name.';
  if (!looksLikeEmail(values.email.trim())) errors.email = 'Enter a valid email address.';
  if (values.password.length < 6) errors.password = 'Use at least 6 characters.';
  if (values.confirm !== values.password) errors.confirm = 'The passwords do not match.';
  return errors;
}

export function SignupForm({
  onCreateAccount = createAccount,
}: {
  onCreateAccount?: (input: SignupInput) => Promise<void>;
}) {
  const ids = { name: useId(), email: useId(), password: useId(), confirm: useId() };
  const [values, setValues] = useState({ displayName: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await onCreateAccount({
        displayName: values.displayName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setSent(true);
    } catch (caught) {
      setError(
        describeAuthError(caught, 'Could not create the account.', {
          unknown: AUTH_ERROR_TEXTS.unknownSignUp,
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">
          Check your email
        </h1>
        <p role="status" className="mt-3 font-medium text-emerald-700 dark:text-emerald-400">
          {SIGNUP_TEXTS.verificationSent}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          We sent a link to {values.email.trim()}.
        </p>
        <Link to={paths.dashboard} className={`${buttonClass.primary} mt-6 w-full`}>
          Continue to Bidwright
        </Link>
      </div>
    );
  }

  const field = (
    key: keyof typeof values,
    id: string,
    label: string,
    type: string,
    autoComplete: string,
  ) => {
    const message = errors[key === 'displayName' ? 'displayName' : key];
    const errorId = `${id}-error`;
    return (
      <div className="space-y-1">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {label}
        </label>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          className={inputClass}
          value={values[key]}
          disabled={busy}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={change(key)}
        />
        {message ? (
          <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
            {message}
          </p>
        ) : null}
      </div>
    );
  };

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
        {field('displayName', ids.name, 'Display name', 'text', 'name')}
        {field('email', ids.email, 'Email', 'email', 'email')}
        {field('password', ids.password, 'Password', 'password', 'new-password')}
        {field('confirm', ids.confirm, 'Confirm password', 'password', 'new-password')}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
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

/**
 * Something@something.something without spaces (what /^\S+@\S+\.\S+$/ accepts), checked by
 * hand: that pattern's three runs can trade characters, polynomial time on a long paste.
 */
function looksLikeEmail(value: string): boolean {
  if (value === '' || /\s/.test(value)) return false;
  const at = value.indexOf('@', 1);
  const dot = value.lastIndexOf('.', value.length - 2);
  return at > 0 && dot > at + 1;
}
