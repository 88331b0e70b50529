import { LEAD_STAGE_LABELS, type Lead, type LeadBoard, type LeadStage } from '@/contract/leads';

/** A board move as the API takes it: the new stage and the lead it lands before (null: the end). */
export type BoardMove = { id: string; stage: LeadStage; beforeId: string | null };

/** How people read a lead in a sentence: the contact, or the company when the name is blank. */
export function leadName(lead: Pick<Lead, 'contactName' | 'company'>): string {
  return lead.contactName.trim() || lead.company.trim() || 'the lead';
}

type Totals = LeadBoard['columns'][number]['totals'];

function addToTotals(totals: Totals, currency: string, valueMinor: number): Totals {
  if (valueMinor === 0) return totals;
  const found = totals.some((total) => total.currency === currency);
  const next = found
    ? totals.map((total) =>
        total.currency === currency
          ? { ...total, valueMinor: total.valueMinor + valueMinor }
          : total,
      )
    : [...totals, { currency, valueMinor }];
  return next.filter((total) => total.valueMinor !== 0);
}

/** Where a lead is on the board: its column and index, or null when it is not shown. */
export function findOnBoard(
  board: LeadBoard,
  id: string,
): { stage: LeadStage; index: number; lead: Lead } | null {
  for (const column of board.columns) {
    const index = column.items.findIndex((lead) => lead.id === id);
    const lead = column.items[index];
    if (lead) return { stage: column.stage, index, lead };
  }
  return null;
}

/**
 * The board after a move, as the server will order it: the card leaves its column (count and
 * totals follow it) and lands before `beforeId`, or at the end of the shown cards.
 */
export function moveInBoard(board: LeadBoard, move: BoardMove): LeadBoard {
  const from = findOnBoard(board, move.id);
  if (!from) return board;
  const moved: Lead = { ...from.lead, stage: move.stage };
  const changesStage = from.stage !== move.stage;
  return {
    columns: board.columns.map((column) => {
      let items = column.items;
      let { count, totals } = column;
      if (column.stage === from.stage) {
        items = items.filter((lead) => lead.id !== move.id);
        if (changesStage) {
          count -= 1;
          totals = addToTotals(totals, from.lead.currency, -from.lead.valueMinor);
        }
      }
      if (column.stage === move.stage) {
        const at = move.beforeId ? items.findIndex((lead) => lead.id === move.beforeId) : -1;
        items = at >= 0 ? [...items.slice(0, at), moved, ...items.slice(at)] : [...items, moved];
        if (changesStage) {
          count += 1;
          totals = addToTotals(totals, moved.currency, moved.valueMinor);
        }
      }
      return { ...column, items, count, totals };
    }),
  };
}

/** The sentence a screen reader hears after a move: "Moved Acme to Won, position 1 of 3." */
export function moveAnnouncement(board: LeadBoard, move: BoardMove): string {
  const after = moveInBoard(board, move);
  const found = findOnBoard(after, move.id);
  if (!found) return '';
  const column = after.columns.find((c) => c.stage === move.stage);
  const count = Math.max(column?.count ?? 0, (found.index ?? 0) + 1);
  return `Moved ${leadName(found.lead)} to ${LEAD_STAGE_LABELS[move.stage]}, position ${
    found.index + 1
  } of ${count}.`;
}

/**
 * The move a keyboard menu makes: to another column it lands on top (where it is seen), up and
 * down swap it with its neighbour in the same column. Null when there is nowhere to go.
 */
export function menuMove(
  board: LeadBoard,
  id: string,
  target: LeadStage | 'up' | 'down',
): BoardMove | null {
  const from = findOnBoard(board, id);
  if (!from) return null;
  const items = board.columns.find((c) => c.stage === from.stage)?.items ?? [];
  if (target === 'up') {
    const before = items[from.index - 1];
    return before ? { id, stage: from.stage, beforeId: before.id } : null;
  }
  if (target === 'down') {
    if (from.index >= items.length - 1) return null;
    const after = items[from.index + 2];
    return { id, stage: from.stage, beforeId: after?.id ?? null };
  }
  if (target === from.stage) return null;
  const first = board.columns.find((c) => c.stage === target)?.items[0];
  return { id, stage: target, beforeId: first?.id ?? null };
}

/**
 * The move a drop makes, from the order the drag left the column in: the card lands before the
 * card that now follows it (null at the end).
 */
export function dropMove(
  stage: LeadStage,
  orderedIds: readonly string[],
  id: string,
): BoardMove | null {
  const index = orderedIds.indexOf(id);
  if (index < 0) return null;
  return { id, stage, beforeId: orderedIds[index + 1] ?? null };
}
