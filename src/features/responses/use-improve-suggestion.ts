import { useState } from 'react';

import type { ImproveAction } from '@/contract/responses';

import type { Suggestion } from './improve-suggestion';
import { StreamError, useGenerationStream } from './use-generation-stream';

/**
 * A rewrite the agent suggests for a response's text, streamed as it is written. The editor
 * decides what to do with it; failures go to `onError` with a message a person can act on.
 */
export function useImproveSuggestion(responseId: string, onError: (message: string) => void) {
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const improve = useGenerationStream();

  const runImprove = async (action: ImproveAction, text: string) => {
    setSuggestion({ action, text: '', done: false });
    try {
      await improve.run(`/api/responses/${responseId}/improve`, { action, text }, (event) => {
        if (event.type === 'text')
          setSuggestion((s) => (s ? { ...s, text: s.text + event.data.delta } : s));
        if (event.type === 'done') setSuggestion({ action, text: event.data.text, done: true });
        if (event.type === 'error') {
          onError(event.data.message);
          setSuggestion(null);
        }
      });
    } catch (failure) {
      onError(
        failure instanceof StreamError
          ? failure.message
          : 'Could not rewrite the draft. Try again.',
      );
      setSuggestion(null);
    }
  };

  return {
    suggestion,
    clear: () => setSuggestion(null),
    runImprove,
    improving: improve.running,
    stopImproving: improve.stop,
  };
}
