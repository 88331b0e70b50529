import type { QuoteDocument, QuoteLineItem, QuoteMilestone } from '@/contract/quotes';

import { newItemId } from './quote-editor-text';

/** A removed pricing line with what it takes with it, so Undo can put everything back. */
export type RemovedLine = { line: QuoteLineItem; index: number; milestoneIds: string[] };

/** The array with the item at `from` moved to `to` (both clamped to the array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  const target = Math.min(Math.max(to, 0), next.length);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, i) => (i === index ? item : current));
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

export function blankLine(): QuoteLineItem {
  return {
    id: newItemId('line'),
    label: 'New line',
    kind: 'task',
    description: '',
    quantity: 1,
    unit: 'hours',
    rateMinor: 0,
    optional: false,
    selected: false,
    requirementIds: [],
  };
}

export function blankMilestone(): QuoteMilestone {
  return {
    id: newItemId('milestone'),
    name: 'New milestone',
    durationDays: 7,
    deliverableIds: [],
    lineItemIds: [],
  };
}

/** Removes a line and its id from every milestone that covered it. */
export function removeLine(
  doc: QuoteDocument,
  id: string,
): { doc: QuoteDocument; removed: RemovedLine | null } {
  const index = doc.lineItems.findIndex((line) => line.id === id);
  const line = doc.lineItems[index];
  if (!line) return { doc, removed: null };
  const milestoneIds = doc.milestones.filter((m) => m.lineItemIds.includes(id)).map((m) => m.id);
  return {
    doc: {
      ...doc,
      lineItems: removeAt(doc.lineItems, index),
      milestones: doc.milestones.map((m) =>
        m.lineItemIds.includes(id)
          ? { ...m, lineItemIds: m.lineItemIds.filter((x) => x !== id) }
          : m,
      ),
    },
    removed: { line, index, milestoneIds },
  };
}

/** Puts a removed line back where it was and into the milestones that still exist. */
export function restoreLine(doc: QuoteDocument, removed: RemovedLine): QuoteDocument {
  if (doc.lineItems.some((line) => line.id === removed.line.id)) return doc;
  const lineItems = [...doc.lineItems];
  lineItems.splice(Math.min(removed.index, lineItems.length), 0, removed.line);
  return {
    ...doc,
    lineItems,
    milestones: doc.milestones.map((m) =>
      removed.milestoneIds.includes(m.id)
        ? { ...m, lineItemIds: [...m.lineItemIds, removed.line.id] }
        : m,
    ),
  };
}

/** Removes a deliverable and its id from the milestones that close it. */
export function removeDeliverable(doc: QuoteDocument, index: number): QuoteDocument {
  const id = doc.deliverables[index]?.id;
  return {
    ...doc,
    deliverables: removeAt(doc.deliverables, index),
    milestones: doc.milestones.map((m) => ({
      ...m,
      deliverableIds: m.deliverableIds.filter((x) => x !== id),
    })),
  };
}
