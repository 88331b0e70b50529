import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { Moon, Sun } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import { describeAuthError } from '@/machines/auth-error-messages';
import { useLogActivity } from '@/store/activity-logger';
import { getFirebaseAuth } from '@/lib/firebase';
import { useCurrentUser, useSessionActions } from '@/lib/session';
import { usersApi } from '@/store/users.api';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsDark, themeToggled } from '@/store/theme.slice';

export const MIN_PASSWORD_LENGTH = 6;

/** Re-authenticates with the current password, then sets the new one (the provider requires a recent login). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const user = (await getFirebaseAuth()).currentUser;
  if (!user?.email) throw new Error('You are not signed in.');
  await reauthenticateWithCredential(
    user,
    EmailAuthProvider.credential(user.email, currentPassword),
  );
  await updatePassword(user, newPassword);
}

function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => React.ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

export function PasswordForm({
  onChangePassword = changePassword,
}: {
  onChangePassword?: (current: string, next: string) => Promise<void>;
}) {
  const log = useLogActivity();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (next.length < MIN_PASSWORD_LENGTH) {
      setError(`The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    if (next !== confirm) {
      setError('The new passwords do not match.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onChangePassword(current, next);
      log({ action: 'change_password' });
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
    } catch (caught) {
      setError(describeAuthError(caught, 'Could not change the password.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <Field label="Current password">
        {(id) => (
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={current}
            disabled={busy}
            required
            onChange={(event) => setCurrent(event.target.value)}
          />
        )}
      </Field>
      <Field label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        {(id) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={next}
            disabled={busy}
            required
            onChange={(event) => setNext(event.target.value)}
          />
        )}
      </Field>
      <Field label="Confirm new password">
        {(id) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={confirm}
            disabled={busy}
            required
            onChange={(event) => setConfirm(event.target.value)}
          />
        )}
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          Your password was changed.
        </p>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? 'Changing password...' : 'Change password'}
      </button>
    </form>
  );
}

/** Renames the signed-in user (PATCH /api/users/me), then re-reads the session's backend user. */
export function DisplayNameForm({ initialName }: { initialName: string }) {
  const [renameSelf, { isLoading }] = usersApi.useRenameSelfMutation();
  const { refresh } = useSessionActions();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (name.trim() === '') {
      setError('Enter a display name.');
      return;
    }
    setError(null);
    try {
      await renameSelf({ name: name.trim() }).unwrap();
      refresh();
      setDone(true);
    } catch (caught) {
      const message = (caught as { data?: { error?: { message?: string } } }).data?.error?.message;
      setError(message ?? 'Could not save the name. Check your connection and try again.');
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-3 flex max-w-md flex-wrap items-end gap-2"
      noValidate
    >
      <Field label="Display name">
        {(id) => (
          <input
            id={id}
            className={inputClass}
            value={name}
            maxLength={120}
            autoComplete="name"
            disabled={isLoading}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass.secondary} disabled={isLoading}>
        {isLoading ? 'Saving...' : 'Save name'}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="w-full text-sm text-emerald-700 dark:text-emerald-400">
          Your name was saved.
        </p>
      ) : null}
    </form>
  );
}

const cardClass =
  'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** The account section of /settings/account: profile, password and theme. */
export function AccountSection() {
  const user = useCurrentUser();
  const dark = useAppSelector(selectIsDark);
  const dispatch = useAppDispatch();
  const hasPassword = user?.providerData.some((info) => info.providerId === 'password') ?? false;

  return (
    <>
      <section aria-labelledby="profile-title" className={cardClass}>
        <h2 id="profile-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          Profile
        </h2>
        {user ? <DisplayNameForm initialName={user.displayName ?? ''} /> : null}
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600 dark:text-slate-400">Email</dt>
          <dd className="break-all text-slate-900 dark:text-slate-100">{user?.email ?? '—'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Role</dt>
          <dd className="text-slate-900 dark:text-slate-100">{user?.role ?? 'Unknown'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Modules</dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {user && user.modules.length > 0 ? user.modules.join(', ') : 'None'}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="password-title" className={cardClass}>
        <h2 id="password-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          Password
        </h2>
        {hasPassword ? (
          <div className="mt-3 max-w-sm">
            <PasswordForm />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            You sign in with Google, so there is no Bidwright password to change.
          </p>
        )}
      </section>

      <section aria-labelledby="theme-title" className={cardClass}>
        <h2 id="theme-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          Theme
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {dark ? 'Dark theme is on.' : 'Light theme is on.'}
        </p>
        <button
          type="button"
          className={`${buttonClass.secondary} mt-3`}
          aria-pressed={dark}
          onClick={() => dispatch(themeToggled())}
        >
          {dark ? (
            <Moon className="size-4" aria-hidden="true" />
          ) : (
            <Sun className="size-4" aria-hidden="true" />
          )}
          Dark theme
        </button>
      </section>
    </>
  );
}
