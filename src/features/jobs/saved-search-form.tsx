import type { FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';

type Props = {
  kind: 'save' | 'rename';
  name: string;
  onNameChange: (name: string) => void;
  alert: boolean;
  onAlertChange: (alert: boolean) => void;
  busy: boolean;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
};

/** Names a new saved search (with its alert choice) or renames one. */
export function SavedSearchForm({
  kind,
  name,
  onNameChange,
  alert,
  onAlertChange,
  busy,
  error,
  onSubmit,
  onCancel,
}: Props) {
  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-2"
      aria-label={kind === 'save' ? 'Save search' : 'Rename saved search'}
    >
      <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
        Name
        <input
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
          maxLength={120}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'saved-search-error' : undefined}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on request; focus goes where typing starts
          autoFocus
        />
      </label>
      {kind === 'save' ? (
        <label className="flex items-center gap-1 pb-2 text-sm">
          <input
            type="checkbox"
            checked={alert}
            onChange={(event) => onAlertChange(event.target.checked)}
          />
          Alert me about new matches
        </label>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {kind === 'save' ? 'Save' : 'Rename'}
      </button>
      <button type="button" className={buttonClass.ghost} onClick={onCancel}>
        Cancel
      </button>
      {error ? (
        <p
          id="saved-search-error"
          role="alert"
          className="w-full text-sm text-rose-700 dark:text-rose-300"
        >
          {error}
        </p>
      ) : null}
    </form>
  );
}
