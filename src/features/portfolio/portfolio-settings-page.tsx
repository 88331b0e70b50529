import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, FolderOpen, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import type { PortfolioItem } from '@/contract/portfolio';

import { FileUploader } from './file-uploader';
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
import { PortfolioForm, type SubmitOutcome } from './portfolio-form';
import { citationText } from './portfolio-item-card';
import { UndoToast, type UndoToastState } from './undo-toast';

/** /settings/portfolio: create, edit, order, delete (with undo) and attach files. */
export default function PortfolioSettingsPage() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const list = useListPortfolioQuery({});
  const [createItem] = useCreatePortfolioItemMutation();
  const [updateItem] = useUpdatePortfolioItemMutation();
  const [deleteItem, deletion] = useDeletePortfolioItemMutation();
  const [restoreItem] = useRestorePortfolioItemMutation();
  const [moveItem, moving] = useMovePortfolioItemMutation();
  const [toast, setToast] = useState<UndoToastState>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const items = list.data?.items ?? [];

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

  const outcomeOf = (result: { error?: unknown }): SubmitOutcome =>
    result.error
      ? {
          ok: false,
          message: apiErrorMessage(result.error, 'The item could not be saved.'),
          fields: apiFieldErrors(result.error),
        }
      : { ok: true };

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

  async function dropOn(target: PortfolioItem) {
    if (!dragged || dragged === target.id) return;
    const from = items.findIndex((entry) => entry.id === dragged);
    const to = items.findIndex((entry) => entry.id === target.id);
    // Dropping on an item below puts the dragged one after it; above, before it.
    const afterId = to > from ? target.id : (items[to - 1]?.id ?? null);
    setDragged(null);
    await moveItem({ id: dragged, afterId });
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

  return (
    <>
      <PageHeader
        title="Portfolio settings"
        description="Add, edit and order your case studies. The response agent searches them and cites the ones it uses."
        actions={
          editing !== 'new' ? (
            <button type="button" className={buttonClass.primary} onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" /> New item
            </button>
          ) : null
        }
      />
      <p className="sr-only" aria-live="polite">
        {notice ?? ''}
      </p>

      {editing === 'new' ? (
        <section
          aria-label="New portfolio item"
          className="mb-6 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
            New portfolio item
          </h2>
          <PortfolioForm
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              const result = await createItem(body);
              const outcome = outcomeOf(result);
              if (outcome.ok && 'data' in result && result.data) {
                setEditing(result.data.id);
                setNotice(`Created “${result.data.title}”. You can add files now.`);
              }
              return outcome;
            }}
          />
        </section>
      ) : null}

      {list.isLoading ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading…
        </p>
      ) : list.isError ? (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p>{apiErrorMessage(list.error, 'The portfolio could not be loaded.')}</p>
          <button
            type="button"
            className={clsx(buttonClass.secondary, 'mt-2')}
            onClick={() => void list.refetch()}
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 && editing !== 'new' ? (
        <EmptyState
          icon={<FolderOpen className="size-8" />}
          title="No portfolio items yet"
          description="Items you add here are used by the response agent and shown in your portfolio."
          action={
            <button type="button" className={buttonClass.primary} onClick={() => setEditing('new')}>
              Add your first item
            </button>
          }
        />
      ) : (
        <ol className="space-y-3" aria-label="Portfolio items in order">
          {items.map((item, index) => (
            <li
              key={item.id}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                void dropOn(item);
              }}
              className={clsx(
                'rounded-xl border bg-white p-4 dark:bg-slate-900',
                dragged === item.id
                  ? 'border-indigo-400 opacity-60'
                  : 'border-slate-200 dark:border-slate-700',
              )}
            >
              <div className="flex flex-wrap items-start gap-3">
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', item.id);
                    setDragged(item.id);
                  }}
                  onDragEnd={() => setDragged(null)}
                  className="mt-1 cursor-grab text-slate-400"
                  title="Drag to reorder (or use the arrow buttons)"
                  aria-hidden="true"
                >
                  <GripVertical className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900 dark:text-slate-50">{item.title}</h2>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {[
                      item.role,
                      item.industry,
                      item.date,
                      `${item.files.length} ${item.files.length === 1 ? 'file' : 'files'}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{citationText(item)}</p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    aria-label={`Move ${item.title} up`}
                    disabled={index === 0 || moving.isLoading}
                    onClick={() => void move(item, -1)}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    aria-label={`Move ${item.title} down`}
                    disabled={index === items.length - 1 || moving.isLoading}
                    onClick={() => void move(item, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-expanded={editing === item.id}
                    onClick={() => setEditing(editing === item.id ? null : item.id)}
                  >
                    <Pencil className="size-4" aria-hidden="true" />{' '}
                    {editing === item.id ? 'Close' : 'Edit'}
                    <span className="sr-only"> {item.title}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={deletion.isLoading}
                    onClick={() => void remove(item)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Delete
                    <span className="sr-only"> {item.title}</span>
                  </button>
                </div>
              </div>
              {editing === item.id ? (
                <div className="mt-4 space-y-6 border-t border-slate-200 pt-4 dark:border-slate-700">
                  <FileUploader item={item} />
                  <PortfolioForm
                    key={item.id}
                    item={item}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (body) => {
                      const outcome = outcomeOf(await updateItem({ id: item.id, body }));
                      if (outcome.ok) setNotice(`Saved “${body.title}”.`);
                      return outcome;
                    }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {list.data?.truncated ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Showing the first 1,000 items.
        </p>
      ) : null}
      <UndoToast toast={toast} onUndo={(id) => void undo(id)} onClose={closeToast} />
    </>
  );
}
