import { useState, type FormEvent } from 'react';

import type { JobFilters } from '@/contract/jobs';
import type { SavedSearch } from '@/contract/saved-searches';

import {
  errorMessage,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
} from './jobs.api';
import { useSavedSearchWebhook } from './use-saved-search-webhook';

type FormMode = { kind: 'save' } | { kind: 'rename'; search: SavedSearch } | null;

/**
 * The save-or-edit form of the saved searches: which one is open, its fields (name, alert,
 * webhook), and submit.
 */
export function useSavedSearchForm(filters: JobFilters) {
  const [create, creating] = useCreateSavedSearchMutation();
  const [update, updating] = useUpdateSavedSearchMutation();
  const [mode, setMode] = useState<FormMode>(null);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const webhook = useSavedSearchWebhook(mode?.kind === 'rename' ? mode.search.id : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const webhookPart = webhook.bodyPart();
    if (!name.trim()) {
      setFormError('Give the search a name');
      return;
    }
    if (!webhookPart) return;
    const result =
      mode?.kind === 'rename'
        ? await update({ id: mode.search.id, body: { name: name.trim(), ...webhookPart } })
        : await create({
            name: name.trim(),
            filters,
            alert,
            ...(webhookPart.webhookUrl ? { webhookUrl: webhookPart.webhookUrl } : {}),
          });
    if ('error' in result && result.error) {
      const message = errorMessage(result.error);
      // The server's refusals of the URL (https only, internal addresses) belong to its field.
      if (webhookPart.webhookUrl && /webhook/i.test(message)) webhook.setError(message);
      else setFormError(message);
      return;
    }
    setMode(null);
    setName('');
    webhook.reset();
  };
  const startSave = () => {
    setMode({ kind: 'save' });
    setName(filters.q ?? '');
    webhook.reset();
  };
  const startRename = (search: SavedSearch) => {
    setMode({ kind: 'rename', search });
    setName(search.name);
    webhook.reset();
  };

  return {
    mode,
    name,
    setName,
    alert,
    setAlert,
    formError,
    webhook,
    submit,
    startSave,
    startRename,
    cancel: () => setMode(null),
    update,
    updating,
    busy: creating.isLoading || updating.isLoading,
  };
}
