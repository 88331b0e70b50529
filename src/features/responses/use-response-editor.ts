import { useCallback, useState } from 'react';

import { SENT_STATUSES, notSendableMessage, sendBlockers } from '@/contract/response-checks';
import type {
  ImproveAction,
  Response,
  ResponseStatus,
  UpdateResponseBody,
} from '@/contract/responses';

import { STATUS_LABELS } from './response-ui';
import {
  useRestoreVersionMutation,
  useSetResponseStatusMutation,
  useUpdateResponseMutation,
} from './responses.api';
import { useAutosave } from './use-autosave';
import { useImproveSuggestion } from './use-improve-suggestion';
import { apiErrorMessage } from '@/lib/api-error-message';

/**
 * The editor's state for one response: the text and what was last saved, a rewrite suggested by
 * the agent, and the one message or error shown after each action.
 */
export function useResponseEditor(response: Response) {
  const [text, setText] = useState(response.text);
  const [savedText, setSavedText] = useState(response.text);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [update, updateState] = useUpdateResponseMutation();
  const [setStatus] = useSetResponseStatusMutation();
  const [restore] = useRestoreVersionMutation();
  const rewrite = useImproveSuggestion(response.id, setError);
  const { suggestion } = rewrite;

  const dirty = text !== savedText;

  const edit = (value: string) => {
    setText(value);
    setMessage(null);
  };

  /** Stores `value` as the response's text; false (with the reason shown) when it could not. */
  const persist = useCallback(
    async (value: string, source: 'edit' | ImproveAction = 'edit'): Promise<boolean> => {
      setError(null);
      const result = await update({ id: response.id, body: { text: value, source } });
      if ('error' in result) {
        setError(
          apiErrorMessage(
            result.error,
            'Could not save. Your text is still in the editor; try again.',
          ),
        );
        return false;
      }
      setSavedText(value);
      return true;
    },
    [update, response.id],
  );
  const autosave = useAutosave(text, savedText, persist);

  const save = async (source: 'edit' | ImproveAction = 'edit', value = text) => {
    if (await persist(value, source)) setMessage('Saved.');
  };

  const saveDetails = async (body: Pick<UpdateResponseBody, 'bidMinor' | 'connects'>) => {
    setError(null);
    const result = await update({ id: response.id, body });
    if ('error' in result) setError('Could not save the bid. Try again.');
    else setMessage('Bid saved.');
  };

  const runImprove = async (action: ImproveAction) => {
    setError(null);
    await rewrite.runImprove(action, text);
  };

  const accept = async () => {
    if (!suggestion) return;
    setText(suggestion.text);
    rewrite.clear();
    await save(suggestion.action, suggestion.text);
  };

  /** A status that says the response went out needs a sendable text, saved first. */
  const changeStatus = async (status: ResponseStatus) => {
    setError(null);
    const blockers = SENT_STATUSES.includes(status) ? sendBlockers(text) : [];
    if (blockers.length > 0) {
      setError(notSendableMessage(blockers));
      return;
    }
    if (dirty && !(await persist(text))) return;
    const result = await setStatus({ id: response.id, status });
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'Could not change the status. Try again.'));
    else setMessage(`Status: ${STATUS_LABELS[status]}.`);
  };

  const restoreVersion = async (versionId: string, number: number) => {
    if (dirty && !window.confirm('Restoring replaces your unsaved edits. Continue?')) return;
    const result = await restore({ id: response.id, versionId });
    if ('error' in result) {
      setError('Could not restore that version. Try again.');
      return;
    }
    setText(result.data.text);
    setSavedText(result.data.text);
    setMessage(`Version ${number} restored.`);
  };

  return {
    text,
    savedText,
    dirty,
    autosave,
    saving: updateState.isLoading,
    message,
    error,
    suggestion,
    improving: rewrite.improving,
    stopImproving: rewrite.stopImproving,
    rejectSuggestion: rewrite.clear,
    edit,
    save,
    saveDetails,
    runImprove,
    accept,
    changeStatus,
    restoreVersion,
  };
}
