import { useState } from 'react';

import {
  webhookUrlSchema,
  type SavedSearch,
  type UpdateSavedSearchBody,
} from '@/contract/saved-searches';

import { errorMessage, useListSavedSearchesQuery } from './jobs.api';
import { useTestSavedSearchWebhookMutation } from './saved-search-webhook.api';

export type WebhookTestOutcome = { ok: boolean; message: string };

/**
 * The webhook part of the saved-search form: a new URL typed, the current one (masked) staged
 * for removal until the form is saved, and the test message with its result.
 */
export function useSavedSearchWebhook(editingId: string | null) {
  const [url, setUrl] = useState('');
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [testOutcome, setTestOutcome] = useState<WebhookTestOutcome | null>(null);
  const [sendTest, testing] = useTestSavedSearchWebhookMutation();
  // The list's copy, so the last delivery shown follows a test or a poll.
  const { current } = useListSavedSearchesQuery(undefined, {
    selectFromResult: ({ data }) => ({
      current: editingId ? data?.find((search) => search.id === editingId) : undefined,
    }),
  });

  const reset = () => {
    setUrl('');
    setRemoving(false);
    setError(null);
    setTestOutcome(null);
  };

  /** The body's webhook part, or null (and the field's error) when the typed URL is refused. */
  const bodyPart = (): Pick<UpdateSavedSearchBody, 'webhookUrl'> | null => {
    setError(null);
    if (url.trim()) {
      const parsed = webhookUrlSchema.safeParse(url);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Check the webhook URL');
        return null;
      }
      return { webhookUrl: parsed.data };
    }
    return removing ? { webhookUrl: null } : {};
  };

  const test = async () => {
    if (!current) return;
    setTestOutcome(null);
    const result = await sendTest(current.id);
    setTestOutcome(
      'data' in result && result.data
        ? {
            ok: true,
            message: `Test message sent (the webhook answered HTTP ${result.data.status}).`,
          }
        : { ok: false, message: errorMessage(result.error, 'The test message could not be sent.') },
    );
  };

  return {
    url,
    setUrl: (value: string) => {
      setUrl(value);
      setError(null);
    },
    current: (current?.webhook ?? null) satisfies SavedSearch['webhook'],
    removing,
    remove: () => {
      setRemoving(true);
      setTestOutcome(null);
    },
    undoRemove: () => setRemoving(false),
    error,
    setError,
    testOutcome,
    testing: testing.isLoading,
    test,
    reset,
    bodyPart,
  };
}

export type SavedSearchWebhookState = ReturnType<typeof useSavedSearchWebhook>;
