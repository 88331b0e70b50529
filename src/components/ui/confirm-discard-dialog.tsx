import * as Dialog from '@radix-ui/react-dialog';

import { buttonClass } from './page';

type Props = {
  open: boolean;
  title: string;
  description: string;
  /** The button that goes ahead and loses the edits, e.g. "Leave without saving". */
  discardLabel: string;
  onDiscard: () => void;
  onKeep: () => void;
};

/**
 * Asks before unsaved edits are lost. "Keep editing" has the focus, and Escape or a click
 * outside keeps the edits too: losing them always takes a deliberate press.
 */
export function ConfirmDiscardDialog({
  open,
  title,
  description,
  discardLabel,
  onDiscard,
  onKeep,
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onKeep())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700 dark:text-slate-200">
            {description}
          </Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <button type="button" className={buttonClass.primary}>
                Keep editing
              </button>
            </Dialog.Close>
            <button type="button" className={buttonClass.secondary} onClick={onDiscard}>
              {discardLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
