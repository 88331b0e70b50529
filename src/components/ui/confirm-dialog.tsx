import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

import { buttonClass } from './page';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. "Delete the template “Intro”?" */
  title: string;
  /** What happens, and what can still be undone. */
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A red confirm button, for actions that remove something. */
  destructive?: boolean;
  /** Disables both buttons while the action runs. */
  busy?: boolean;
  onConfirm: () => void;
};

const destructiveClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The app's own confirmation, instead of the browser's `confirm()`: a modal that keeps focus
 * inside, starts on the safe choice (Cancel), and closes with Escape, Cancel or a click outside.
 * Closing puts the focus back on what opened it, when that is still on the page.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            const focused = document.activeElement;
            opener.current = focused instanceof HTMLElement ? focused : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {description}
            </Dialog.Description>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <button type="button" className={buttonClass.secondary} disabled={busy}>
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={destructive ? destructiveClass : buttonClass.primary}
              disabled={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
