import { useEffect, useRef } from 'react';

/** `undoable: false` shows the message alone (a change that cannot be taken back). */
export type UndoToastState = { id: string; message: string; undoable?: boolean } | null;

/** A polite status message with an Undo button; it disappears after `timeoutMs`. */
export function UndoToast({
  toast,
  onUndo,
  onClose,
  timeoutMs = 10_000,
}: {
  toast: UndoToastState;
  onUndo: (id: string) => void;
  onClose: () => void;
  timeoutMs?: number;
}) {
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(onClose, timeoutMs);
    return () => clearTimeout(timer);
  }, [toast, onClose, timeoutMs]);

  // When the removed thing took the keyboard focus with it, focus lands on Undo instead of the
  // top of the page; a person working elsewhere keeps their place.
  useEffect(() => {
    if (!toast) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) undoButton.current?.focus();
  }, [toast]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {toast ? (
        <div className="flex max-w-full flex-wrap items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <span className="min-w-0 break-words">{toast.message}</span>
          {toast.undoable === false ? null : (
            <button
              ref={undoButton}
              type="button"
              className="rounded-lg px-2 py-1 font-semibold text-indigo-200 underline-offset-2 hover:bg-slate-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300 dark:text-indigo-800 dark:hover:bg-slate-200 dark:focus-visible:outline-indigo-700"
              onClick={() => onUndo(toast.id)}
            >
              Undo
            </button>
          )}
          <button
            type="button"
            className="rounded px-1 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-300 dark:text-slate-700 dark:hover:text-slate-900 dark:focus-visible:outline-indigo-700"
            aria-label="Dismiss"
            onClick={onClose}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
