import { useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/page';
import { describeAuthError } from '@/machines/auth-error-messages';
import { useLogActivity } from '@/store/activity-logger';

import { changePassword, MIN_PASSWORD_LENGTH } from './change-password';
import { PasswordField } from './password-field';

/** Changes the signed-in user's password: current one, new one twice. */
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
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={current}
        disabled={busy}
        onChange={setCurrent}
      />
      <PasswordField
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        autoComplete="new-password"
        value={next}
        disabled={busy}
        onChange={setNext}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        disabled={busy}
        onChange={setConfirm}
      />
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
