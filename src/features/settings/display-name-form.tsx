import { useState, type FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import { useSessionActions } from '@/lib/session';
import { usersApi } from '@/store/users.api';

import { SettingsField } from './settings-field';

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
      <SettingsField label="Display name">
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
      </SettingsField>
      <button type="submit" className={buttonClass.secondary} disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Save name'}
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
