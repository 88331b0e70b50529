import { Bookmark } from 'lucide-react';
import { useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { JobFilters } from '@/contract/jobs';
import type { SavedSearch } from '@/contract/saved-searches';

import { ConfirmDeleteSavedSearch } from './confirm-delete-saved-search';
import {
  errorMessage,
  useDeleteSavedSearchMutation,
  useListSavedSearchesQuery,
  useLoadSavedSearchMutation,
} from './jobs.api';
import { SavedSearchChip } from './saved-search-chip';
import { SavedSearchForm } from './saved-search-form';
import { useSavedSearchForm } from './use-saved-search-form';

type Props = {
  filters: JobFilters;
  activeId: string | null;
  onLoad: (search: SavedSearch) => void;
};

/** Save the current search, load one, rename, delete (with confirmation), alert on or off. */
export function SavedSearchesBar({ filters, activeId, onLoad }: Props) {
  const { data: searches = [], isLoading, error } = useListSavedSearchesQuery();
  const [load] = useLoadSavedSearchMutation();
  const [remove, removing] = useDeleteSavedSearchMutation();
  const form = useSavedSearchForm(filters);
  const [confirmDelete, setConfirmDelete] = useState<SavedSearch | null>(null);
  // Keeping the search puts focus back on the Delete button that asked.
  const askedFrom = useRef<HTMLElement | null>(null);
  const askToDelete = (search: SavedSearch) => {
    askedFrom.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirmDelete(search);
  };
  const keep = () => {
    setConfirmDelete(null);
    askedFrom.current?.focus();
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
            <SavedSearchChip
              key={search.id}
              search={search}
              active={search.id === activeId}
              updating={form.updating.isLoading}
              onOpen={() => void open(search)}
              onToggleAlert={() =>
                void form.update({ id: search.id, body: { alert: !search.alert } })
              }
              onRename={() => form.startRename(search)}
              onDelete={() => askToDelete(search)}
            />
          ))}
        </ul>
        {form.mode === null ? (
          <button type="button" className={buttonClass.secondary} onClick={form.startSave}>
            <Bookmark className="size-4" aria-hidden="true" />
            Save search
          </button>
        ) : null}
      </div>

      {form.mode ? (
        <SavedSearchForm
          kind={form.mode.kind}
          name={form.name}
          onNameChange={form.setName}
          alert={form.alert}
          onAlertChange={form.setAlert}
          webhook={form.webhook}
          busy={form.busy}
          error={form.formError}
          onSubmit={(event) => void form.submit(event)}
          onCancel={form.cancel}
        />
      ) : null}

      {confirmDelete ? (
        <ConfirmDeleteSavedSearch
          search={confirmDelete}
          deleting={removing.isLoading}
          onDelete={() => void remove(confirmDelete.id).then(() => setConfirmDelete(null))}
          onKeep={keep}
        />
      ) : null}
    </section>
  );
}
