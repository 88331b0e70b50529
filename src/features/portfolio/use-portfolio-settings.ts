import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { UndoToastState } from '@/components/ui/undo-toast';
import type { CreatePortfolioItemBody, PortfolioItem } from '@/contract/portfolio';

import {
  apiErrorMessage,
  apiFieldErrors,
  useCreatePortfolioItemMutation,
  useDeletePortfolioItemMutation,
  useListPortfolioQuery,
  useMovePortfolioItemMutation,
  useRestorePortfolioItemMutation,
  useUpdatePortfolioItemMutation,
} from './portfolio.api';
import type { SubmitOutcome } from './portfolio-form-values';

function outcomeOf(result: { error?: unknown }): SubmitOutcome {
  return result.error
    ? {
        ok: false,
        message: apiErrorMessage(result.error, 'The item could not be saved.'),
        fields: apiFieldErrors(result.error),
      }
    : { ok: true };
}

/** Which item is open for editing (`?edit=<id>` or `new`), kept in the address. */
function useEditingParam() {
  const [params, setParams] = useSearchParams();
  const setEditing = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('edit', value);
        else next.delete('edit');
        return next;
      },
      { replace: true },
    );
  return [params.get('edit'), setEditing] as const;
}

/** The portfolio settings page's state: the list, the open editor, and every change to items. */
export function usePortfolioSettings() {
  const [editing, setEditing] = useEditingParam();
  const list = useListPortfolioQuery({});
  const [createItem] = useCreatePortfolioItemMutation();
  const [updateItem] = useUpdatePortfolioItemMutation();
  const [deleteItem, deletion] = useDeletePortfolioItemMutation();
  const [restoreItem] = useRestorePortfolioItemMutation();
  const [moveItem, moving] = useMovePortfolioItemMutation();
  const [toast, setToast] = useState<UndoToastState>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = list.data?.items ?? [];

  async function move(item: PortfolioItem, direction: -1 | 1) {
    const index = items.findIndex((entry) => entry.id === item.id);
    const target = index + direction;
    if (index < 0 || target < 0 || target >= items.length) return;
    const afterId = direction === -1 ? (items[index - 2]?.id ?? null) : items[index + 1]!.id;
    const result = await moveItem({ id: item.id, afterId });
    setNotice(
      'error' in result
        ? apiErrorMessage(result.error, 'The item could not be moved.')
        : `Moved “${item.title}” to position ${target + 1} of ${items.length}.`,
    );
  }

  async function moveDragged(draggedId: string, target: PortfolioItem) {
    const from = items.findIndex((entry) => entry.id === draggedId);
    const to = items.findIndex((entry) => entry.id === target.id);
    // Dropping on an item below puts the dragged one after it; above, before it.
    const afterId = to > from ? target.id : (items[to - 1]?.id ?? null);
    await moveItem({ id: draggedId, afterId });
  }

  async function remove(item: PortfolioItem) {
    const result = await deleteItem(item.id);
    if ('error' in result) {
      setNotice(apiErrorMessage(result.error, 'The item could not be deleted.'));
      return;
    }
    if (editing === item.id) setEditing(null);
    setToast({ id: item.id, message: `Deleted “${item.title}”.` });
  }

  const undo = async (id: string) => {
    setToast(null);
    const result = await restoreItem(id);
    setNotice(
      'error' in result
        ? apiErrorMessage(result.error, 'The item could not be restored.')
        : 'Restored.',
    );
  };
  const closeToast = useCallback(() => setToast(null), []);

  async function create(body: CreatePortfolioItemBody) {
    const result = await createItem(body);
    const outcome = outcomeOf(result);
    if (outcome.ok && 'data' in result && result.data) {
      setEditing(result.data.id);
      setNotice(`Created “${result.data.title}”. You can add files now.`);
    }
    return outcome;
  }

  async function update(id: string, body: CreatePortfolioItemBody) {
    const outcome = outcomeOf(await updateItem({ id, body }));
    if (outcome.ok) setNotice(`Saved “${body.title}”.`);
    return outcome;
  }

  return {
    list,
    items,
    editing,
    setEditing,
    notice,
    toast,
    closeToast,
    undo,
    move,
    moveDragged,
    remove,
    create,
    update,
    busy: { moving: moving.isLoading, deleting: deletion.isLoading },
  };
}

export type PortfolioSettings = ReturnType<typeof usePortfolioSettings>;
