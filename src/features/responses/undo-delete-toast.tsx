import { useCallback, useEffect, useState } from 'react';

export type DeletedResponse = { id: string; title: string };

/** How long the undo offer stays after a delete. */
const UNDO_WINDOW_MS = 10_000;

/** The response just deleted, offered for undo until the window closes. */
export function useUndoOffer() {
  const [deleted, setDeleted] = useState<DeletedResponse | null>(null);
  const close = useCallback(() => setDeleted(null), []);
  useEffect(() => {
    if (!deleted) return undefined;
    const timer = setTimeout(close, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [deleted, close]);
  return { deleted, offer: setDeleted, close };
}

/** The live region at the bottom of the screen that announces a delete and offers its undo. */
export function UndoDeleteToast({
  deleted,
  onUndo,
}: {
  deleted: DeletedResponse | null;
  onUndo: (id: string) => void;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {deleted ? (
        <div className="flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <span>Deleted the response for “{deleted.title}”.</span>
          <button
            type="button"
            className="font-semibold text-indigo-300 underline dark:text-indigo-700"
            onClick={() => onUndo(deleted.id)}
          >
            Undo
          </button>
        </div>
      ) : null}
    </div>
  );
}
