import { useState } from 'react';

import type {
  ImproveAction,
  Response,
  ResponseStatus,
  UpdateResponseBody,
} from '@/contract/responses';

import type { Suggestion } from './improve-suggestion';
import { STATUS_LABELS } from './response-ui';
import {
  useRestoreVersionMutation,
  useSetResponseStatusMutation,
  useUpdateResponseMutation,
} from './responses.api';
import { StreamError, useGenerationStream } from './use-generation-stream';

/**
 * The editor's state for one response: the text and what was last saved, a rewrite suggested by
 * the agent, and the one message or error shown after each action.
 */
export function useResponseEditor(response: Response) {
  const [text, setText] = useState(response.text);
  const [savedText, setSavedText] = useState(response.text);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [update, updateState] = useUpdateResponseMutation();
  const [setStatus] = useSetResponseStatusMutation();
  const [restore] = useRestoreVersionMutation();
  const improve = useGenerationStream();

  const dirty = text !== savedText;

  const edit = (value: string) => {
    setText(value);
    setMessage(null);
  };

  const save = async (source: 'edit' | ImproveAction = 'edit', value = text) => {
    setError(null);
    const result = await update({ id: response.id, body: { text: value, source } });
    if ('error' in result) {
      setError('Could not save. Your text is still in the editor; try again.');
      return;
    }
    setSavedText(value);
    setMessage('Saved.');
  };

  const saveDetails = async (body: Pick<UpdateResponseBody, 'bidMinor' | 'connects'>) => {
    setError(null);
    const result = await update({ id: response.id, body });
    if ('error' in result) setError('Could not save the bid. Try again.');
    else setMessage('Bid saved.');
  };

  const runImprove = async (action: ImproveAction) => {
    setError(null);
    setSuggestion({ action, text: '', done: false });
    try {
      await improve.run(`/api/responses/${response.id}/improve`, { action, text }, (event) => {
        if (event.type === 'text')
          setSuggestion((s) => (s ? { ...s, text: s.text + event.data.delta } : s));
        if (event.type === 'done') setSuggestion({ action, text: event.data.text, done: true });
        if (event.type === 'error') {
          setError(event.data.message);
          setSuggestion(null);
        }
      });
    } catch (failure) {
      setError(
        failure instanceof StreamError
          ? failure.message
          : 'Could not rewrite the draft. Try again.',
      );
      setSuggestion(null);
    }
  };

  const accept = async () => {
    if (!suggestion) return;
    setText(suggestion.text);
    setSuggestion(null);
    await save(suggestion.action, suggestion.text);
  };

  const changeStatus = async (status: ResponseStatus) => {
    const result = await setStatus({ id: response.id, status });
    if ('error' in result) setError('Could not change the status. Try again.');
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
    saving: updateState.isLoading,
    message,
    error,
    suggestion,
    improving: improve.running,
    stopImproving: improve.stop,
    rejectSuggestion: () => setSuggestion(null),
    edit,
    save,
    saveDetails,
    runImprove,
    accept,
    changeStatus,
    restoreVersion,
  };
}
