import { useCallback, useState } from 'react';

import type { UndoToastState } from '@/components/ui/undo-toast';
import { TRANSACTION_KIND_LABELS, type Transaction } from '@/contract/transactions';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useDeleteTransactionMutation, useRestoreTransactionMutation } from './transactions.api';
import { formatDay } from './transactions-format';

/**
 * Delete at once with an Undo offer (the server keeps the row for restoring), the add/edit
 * dialog's target, and the toast and error the tab shows for them.
 */
export function useTransactionRowActions() {
  const [remove] = useDeleteTransactionMutation();
  const [restore] = useRestoreTransactionMutation();
  const [toast, setToast] = useState<UndoToastState>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Transaction | 'new' | null>(null);

  const onDelete = async (transaction: Transaction) => {
    setError(null);
    const result = await remove(transaction.id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'Could not delete the transaction. Try again.'));
      return;
    }
    const name = `${TRANSACTION_KIND_LABELS[transaction.kind].toLowerCase()} of ${formatDay(transaction.date)}`;
    setToast({ id: transaction.id, message: `Deleted the ${name}.` });
  };

  const onUndo = async (id: string) => {
    setToast(null);
    const result = await restore(id);
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'Could not undo the delete. Try again.'));
  };

  const notify = useCallback(
    (message: string) => setToast({ id: message, message, undoable: false }),
    [],
  );
  const closeToast = useCallback(() => setToast(null), []);

  return {
    toast,
    error,
    setError,
    editing,
    setEditing,
    onDelete,
    onUndo,
    notify,
    closeToast,
  };
}
