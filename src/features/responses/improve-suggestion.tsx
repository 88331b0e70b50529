import { Square } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';
import { IMPROVE_ACTION_LABELS, type ImproveAction } from '@/contract/responses';

import { CharCount } from './response-ui';

export type Suggestion = { action: ImproveAction; text: string; done: boolean };

/** A rewrite streamed by the agent, to accept into the editor or reject; stoppable while it runs. */
export function ImproveSuggestion({
  suggestion,
  onAccept,
  onReject,
  onStop,
}: {
  suggestion: Suggestion;
  onAccept: () => void;
  onReject: () => void;
  onStop: () => void;
}) {
  return (
    <section
      aria-label="Suggested rewrite"
      className="space-y-2 rounded-xl border border-indigo-300 bg-indigo-50 p-3 dark:border-indigo-800 dark:bg-indigo-950"
    >
      <h2 className="text-sm font-semibold">
        Suggestion: {IMPROVE_ACTION_LABELS[suggestion.action]}
      </h2>
      <div className="whitespace-pre-wrap text-sm" aria-live="polite">
        {suggestion.text}
      </div>
      <CharCount length={suggestion.text.length} />
      <div className="flex gap-2">
        {suggestion.done ? (
          <>
            <button type="button" className={buttonClass.primary} onClick={onAccept}>
              Accept
            </button>
            <button type="button" className={buttonClass.secondary} onClick={onReject}>
              Reject
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass.secondary} onClick={onStop}>
            <Square className="size-4" aria-hidden="true" /> Stop
          </button>
        )}
      </div>
    </section>
  );
}
