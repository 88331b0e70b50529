import { useState, type FormEvent } from 'react';

import type { JobFilters, SavedSearch } from '@/contract/jobs';

import {
  errorMessage,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
} from './jobs.api';

type FormMode = { kind: 'save' } | { kind: 'rename'; search: SavedSearch } | null;

/** The save-or-rename form of the saved searches: which one is open, its fields, and submit. */
export function useSavedSearchForm(filters: JobFilters) {
  const [create, creating] = useCreateSavedSearchMutation();
  const [update, updating] = useUpdateSavedSearchMutation();
  const [mode, setMode] = useState<FormMode>(null);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState(true);
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
  const startSave = () => {
    setMode({ kind: 'save' });
    setName(filters.q ?? '');
  };
  const startRename = (search: SavedSearch) => {
    setMode({ kind: 'rename', search });
    setName(search.name);
  };

  return {
    mode,
    name,
    setName,
    alert,
    setAlert,
    formError,
    submit,
    startSave,
    startRename,
    cancel: () => setMode(null),
    update,
    updating,
    busy: creating.isLoading || updating.isLoading,
  };
}
