import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import { UndoToast, type UndoToastState } from '@/components/ui/undo-toast';
import type { QuoteDocument, QuoteLineItem } from '@/contract/quotes';

import { PricingRow } from './pricing-row';
import {
  blankLine,
  moveItem,
  removeLine,
  restoreLine,
  type RemovedLine,
} from './quote-editor-edits';
import type { FieldErrors } from './use-quote-autosave';

type Props = {
  doc: QuoteDocument;
  errors: FieldErrors;
  readOnly: boolean;
  update: (change: (doc: QuoteDocument) => QuoteDocument) => void;
  onInvalid: (key: string, message: string | null) => void;
};

const lineName = (doc: QuoteDocument, id: string | number) =>
  doc.lineItems.find((line) => line.id === id)?.label || 'the line';

/** What the drag-and-drop tells a screen reader, in the lines' own names. */
function announcements(doc: QuoteDocument): Announcements {
  const position = (id: string | number | undefined) =>
    doc.lineItems.findIndex((line) => line.id === id) + 1;
  const count = doc.lineItems.length;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${lineName(doc, active.id)}, position ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${lineName(doc, active.id)} is over position ${position(over.id)} of ${count}.`
        : `${lineName(doc, active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${lineName(doc, active.id)} at position ${position(over.id)} of ${count}.`
        : `Dropped ${lineName(doc, active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${lineName(doc, active.id)} was cancelled.`,
  };
}

type LineActions = {
  change: (id: string, patch: Partial<QuoteLineItem>) => void;
  move: (from: number, to: number) => void;
  remove: (id: string) => void;
};

/** The lines in order, sortable by pointer or keyboard (the handle), each with its own fields. */
function SortableLines({
  doc,
  errors,
  readOnly,
  onInvalid,
  actions,
}: Omit<Props, 'update'> & { actions: LineActions }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = doc.lineItems.findIndex((line) => line.id === active.id);
    const to = doc.lineItems.findIndex((line) => line.id === over.id);
    if (from >= 0 && to >= 0) actions.move(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(doc) }}
    >
      <SortableContext
        items={doc.lineItems.map((line) => line.id)}
        strategy={verticalListSortingStrategy}
      >
        <ol className="space-y-2" aria-label="Pricing lines">
          {doc.lineItems.map((line, index) => (
            <PricingRow
              key={line.id}
              line={line}
              index={index}
              count={doc.lineItems.length}
              currency={doc.currency}
              readOnly={readOnly}
              errors={errors}
              onChange={(patch) => actions.change(line.id, patch)}
              onMove={(to) => actions.move(index, to)}
              onRemove={() => actions.remove(line.id)}
              onInvalid={onInvalid}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** The pricing lines: edit, add, remove (with Undo) and reorder by mouse, touch or keyboard. */
export function PricingTable({ doc, errors, readOnly, update, onInvalid }: Props) {
  const [announcement, setAnnouncement] = useState('');
  const [removed, setRemoved] = useState<RemovedLine | null>(null);

  const move = (from: number, to: number) => {
    const line = doc.lineItems[from];
    if (!line || to < 0 || to >= doc.lineItems.length || from === to) return;
    update((d) => ({ ...d, lineItems: moveItem(d.lineItems, from, to) }));
    setAnnouncement(
      `Moved ${line.label || 'the line'} to position ${to + 1} of ${doc.lineItems.length}.`,
    );
  };
  const change = (id: string, patch: Partial<QuoteLineItem>) =>
    update((d) => ({
      ...d,
      lineItems: d.lineItems.map((line) => (line.id === id ? { ...line, ...patch } : line)),
    }));
  const remove = (id: string) => {
    const taken = removeLine(doc, id).removed;
    if (!taken) return;
    update((d) => removeLine(d, id).doc);
    setRemoved(taken);
  };

  const closeToast = useCallback(() => setRemoved(null), []);
  const toast: UndoToastState = removed
    ? { id: removed.line.id, message: `Removed ${removed.line.label || 'the line'}.` }
    : null;

  return (
    <section
      aria-labelledby="quote-pricing-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="quote-pricing-heading" className="text-base font-semibold">
        Pricing
      </h2>
      {doc.lineItems.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No pricing lines yet.</p>
      ) : null}
      <SortableLines
        doc={doc}
        errors={errors}
        readOnly={readOnly}
        onInvalid={onInvalid}
        actions={{ change, move, remove }}
      />
      {readOnly ? null : (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => update((d) => ({ ...d, lineItems: [...d.lineItems, blankLine()] }))}
        >
          <Plus className="size-4" aria-hidden="true" /> Add line
        </button>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <UndoToast
        toast={toast}
        onClose={closeToast}
        onUndo={() => {
          if (removed) update((d) => restoreLine(d, removed));
          setRemoved(null);
        }}
      />
    </section>
  );
}
