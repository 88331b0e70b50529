import { useEffect } from 'react';

import { buttonClass } from '@/components/ui/page';

export type UndoToastState = { id: string; message: string } | null;

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
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(onClose, timeoutMs);
    return () => clearTimeout(timer);
  }, [toast, onClose, timeoutMs]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {toast ? (
        <div className="flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <span>{toast.message}</span>
          <button
            type="button"
            className={`${buttonClass.ghost} text-indigo-300 hover:bg-slate-800 dark:text-indigo-700 dark:hover:bg-slate-200`}
            onClick={() => onUndo(toast.id)}
          >
            Undo
          </button>
          <button
            type="button"
            className="rounded px-1 text-slate-300 hover:text-white dark:text-slate-600 dark:hover:text-slate-900"
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
