import type { FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';

import { SavedSearchWebhookField } from './saved-search-webhook-field';
import type { SavedSearchWebhookState } from './use-saved-search-webhook';

type Props = {
  kind: 'save' | 'rename';
  name: string;
  onNameChange: (name: string) => void;
  alert: boolean;
  onAlertChange: (alert: boolean) => void;
  webhook: SavedSearchWebhookState;
  busy: boolean;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
};

/** Names a new saved search (with its alert and webhook) or edits one's name and webhook. */
export function SavedSearchForm({
  kind,
  name,
  onNameChange,
  alert,
  onAlertChange,
  webhook,
  busy,
  error,
  onSubmit,
  onCancel,
}: Props) {
  return (
    <form
      onSubmit={onSubmit}
      // The form's own messages explain a refused URL; the browser's bubble would hide them.
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label={kind === 'save' ? 'Save search' : 'Edit saved search'}
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
      <SavedSearchWebhookField webhook={webhook} />
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {kind === 'save' ? 'Save' : 'Save changes'}
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
