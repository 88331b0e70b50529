import { Bell, BellOff, Bookmark, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import type { JobFilters, SavedSearch } from '@/contract/jobs';

import {
  errorMessage,
  useCreateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useListSavedSearchesQuery,
  useLoadSavedSearchMutation,
  useUpdateSavedSearchMutation,
} from './jobs.api';

type Props = {
  filters: JobFilters;
  activeId: string | null;
  onLoad: (search: SavedSearch) => void;
};

/** Save the current search, load one, rename, delete (with confirmation), alert on or off. */
export function SavedSearchesBar({ filters, activeId, onLoad }: Props) {
  const { data: searches = [], isLoading, error } = useListSavedSearchesQuery();
  const [create, creating] = useCreateSavedSearchMutation();
  const [update, updating] = useUpdateSavedSearchMutation();
  const [load] = useLoadSavedSearchMutation();
  const [remove, removing] = useDeleteSavedSearchMutation();
  const [mode, setMode] = useState<
    { kind: 'save' } | { kind: 'rename'; search: SavedSearch } | null
  >(null);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState(true);
  const [confirmDelete, setConfirmDelete] = useState<SavedSearch | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!name.trim()) {
      setFormError('Give the search a name');
      return;
    }
    const result =
      mode?.kind === 'rename'
        ? await update({ id: mode.search.id, body: { name: name.trim() } })
        : await create({ name: name.trim(), filters, alert });
    if ('error' in result && result.error) {
      setFormError(errorMessage(result.error));
      return;
    }
    setMode(null);
    setName('');
  };

  const open = async (search: SavedSearch) => {
    const result = await load(search.id);
    onLoad('data' in result && result.data ? result.data : search);
  };

  return (
    <section aria-label="Saved searches" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-800 dark:text-slate-200">Saved searches</h2>
        {isLoading ? <span className="text-xs text-slate-500">Loading…</span> : null}
        {error ? (
          <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            {errorMessage(error, 'Saved searches could not be loaded.')}
          </span>
        ) : null}
        {!isLoading && searches.length === 0 ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            None yet: save the current search to reuse it.
          </span>
        ) : null}
        <ul className="flex flex-wrap gap-2">
          {searches.map((search) => (
            <li
              key={search.id}
              className={`flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm ${
                search.id === activeId
                  ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
                  : 'border-slate-300 dark:border-slate-600'
              }`}
            >
              <button
                type="button"
                className="font-medium hover:underline"
                onClick={() => void open(search)}
              >
                {search.name}
                {search.newMatches > 0 ? (
                  <span className="ml-1 rounded-full bg-indigo-600 px-1.5 text-xs text-white">
                    {search.newMatches} new
                  </span>
                ) : null}
              </button>
              <button
                type="button"
                aria-label={
                  search.alert
                    ? `Turn off alerts for ${search.name}`
                    : `Alert me about new matches for ${search.name}`
                }
                aria-pressed={search.alert}
                disabled={updating.isLoading}
                onClick={() => void update({ id: search.id, body: { alert: !search.alert } })}
                className="rounded p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                {search.alert ? (
                  <Bell className="size-3.5" aria-hidden="true" />
                ) : (
                  <BellOff className="size-3.5" aria-hidden="true" />
                )}
              </button>
              <button
                type="button"
                aria-label={`Rename ${search.name}`}
                onClick={() => {
                  setMode({ kind: 'rename', search });
                  setName(search.name);
                }}
                className="rounded p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <Pencil className="size-3.5" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label={`Delete ${search.name}`}
                onClick={() => setConfirmDelete(search)}
                className="rounded p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        {mode === null ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              setMode({ kind: 'save' });
              setName(filters.q ?? '');
            }}
          >
            <Bookmark className="size-4" aria-hidden="true" />
            Save search
          </button>
        ) : null}
      </div>

      {mode ? (
        <form
          onSubmit={(event) => void submit(event)}
          className="flex flex-wrap items-end gap-2"
          aria-label={mode.kind === 'save' ? 'Save search' : 'Rename saved search'}
        >
          <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
            Name
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={120}
              className={inputClass}
              aria-invalid={formError ? true : undefined}
              aria-describedby={formError ? 'saved-search-error' : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on request; focus goes where typing starts
              autoFocus
            />
          </label>
          {mode.kind === 'save' ? (
            <label className="flex items-center gap-1 pb-2 text-sm">
              <input
                type="checkbox"
                checked={alert}
                onChange={(event) => setAlert(event.target.checked)}
              />
              Alert me about new matches
            </label>
          ) : null}
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={creating.isLoading || updating.isLoading}
          >
            {mode.kind === 'save' ? 'Save' : 'Rename'}
          </button>
          <button type="button" className={buttonClass.ghost} onClick={() => setMode(null)}>
            Cancel
          </button>
          {formError ? (
            <p
              id="saved-search-error"
              role="alert"
              className="w-full text-sm text-rose-700 dark:text-rose-300"
            >
              {formError}
            </p>
          ) : null}
        </form>
      ) : null}

      {confirmDelete ? (
        <div
          role="alertdialog"
          aria-label="Delete saved search"
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <span>Delete “{confirmDelete.name}”? Its alerts stop.</span>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={removing.isLoading}
            onClick={() => void remove(confirmDelete.id).then(() => setConfirmDelete(null))}
          >
            Delete
          </button>
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => setConfirmDelete(null)}
          >
            Keep it
          </button>
        </div>
      ) : null}
    </section>
  );
}
