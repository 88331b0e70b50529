import { buttonClass } from '@/components/ui/page';

import { clockTime } from './quote-editor-text';
import type { QuoteSaveState } from './use-quote-autosave';

const smallButton = `${buttonClass.secondary} px-2 py-1 text-xs`;

/**
 * Where the edits stand: saving, saved (with the time), or why they are not saved and what to do
 * about it. Announced politely so a screen-reader user hears saves without losing their place.
 */
export function QuoteSaveStatus({
  state,
  savedAt,
  onRetry,
  onReload,
}: {
  state: QuoteSaveState;
  savedAt: Date | null;
  onRetry: () => void;
  onReload: () => void;
}) {
  return (
    <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm">
      <SaveStateText state={state} savedAt={savedAt} onRetry={onRetry} onReload={onReload} />
    </div>
  );
}

function SaveStateText({
  state,
  savedAt,
  onRetry,
  onReload,
}: {
  state: QuoteSaveState;
  savedAt: Date | null;
  onRetry: () => void;
  onReload: () => void;
}) {
  switch (state) {
    case 'idle':
      return null;
    case 'pending':
      return <span className="text-slate-600 dark:text-slate-300">Unsaved changes</span>;
    case 'saving':
      return <span className="text-slate-600 dark:text-slate-300">Saving…</span>;
    case 'saved':
      return (
        <span className="text-emerald-800 dark:text-emerald-300">
          Saved {savedAt ? clockTime(savedAt) : ''}
        </span>
      );
    case 'invalid':
      return (
        <span className="text-rose-700 dark:text-rose-300">
          Not saved: fix the fields marked in red.
        </span>
      );
    case 'failed':
      return (
        <>
          <span className="text-rose-700 dark:text-rose-300">
            Couldn’t save — your edits are kept.
          </span>
          <button type="button" className={smallButton} onClick={onRetry}>
            Retry
          </button>
        </>
      );
    case 'conflict':
      return (
        <>
          <span className="text-rose-700 dark:text-rose-300">
            This quote changed in another tab. Your edits here are not saved.
          </span>
          <button type="button" className={smallButton} onClick={onReload}>
            Reload
          </button>
        </>
      );
    case 'locked':
      return (
        <>
          <span className="text-rose-700 dark:text-rose-300">
            The client accepted this quote, so it can no longer change.
          </span>
          <button type="button" className={smallButton} onClick={onReload}>
            Reload
          </button>
        </>
      );
  }
}
