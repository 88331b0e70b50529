import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useMemo } from 'react';

import { buttonClass } from '@/components/ui/page';
import { LEAD_STAGE_LABELS, type LeadBoard } from '@/contract/leads';

import { LeadCard, type CardMoveTarget } from './lead-board-card';
import { totalsText } from './leads-format';

export type BoardColumn = LeadBoard['columns'][number];

/** The droppable id of a column (cards use their lead ids). */
export const columnDropId = (stage: string) => `column:${stage}`;

export type LeadColumnProps = {
  column: BoardColumn;
  canShowMore: boolean;
  showingMore: boolean;
  onShowMore: () => void;
  onOpen: (id: string) => void;
  onMove: (id: string, target: CardMoveTarget) => void;
};

/** One stage of the board: its name, count and value, and its first cards. */
export const LeadColumn = memo(function LeadColumn({
  column,
  canShowMore,
  showingMore,
  onShowMore,
  onOpen,
  onMove,
}: LeadColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column.stage) });
  const ids = useMemo(() => column.items.map((lead) => lead.id), [column.items]);
  const headingId = `lead-column-${column.stage}`;
  const hidden = column.count - column.items.length;
  return (
    <section
      aria-labelledby={headingId}
      className={`flex w-72 shrink-0 snap-start flex-col rounded-xl border bg-slate-50 dark:bg-slate-950 ${
        isOver ? 'border-indigo-500' : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <header className="border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2
          id={headingId}
          className="flex items-baseline justify-between gap-2 text-sm font-semibold"
        >
          <span>{LEAD_STAGE_LABELS[column.stage]}</span>
          <span className="text-xs font-normal text-slate-600 tabular-nums dark:text-slate-300">
            {column.count} {column.count === 1 ? 'lead' : 'leads'}
          </span>
        </h2>
        <p className="text-xs text-slate-600 tabular-nums dark:text-slate-300">
          {totalsText(column.totals)}
        </p>
      </header>
      <SortableContext id={column.stage} items={ids} strategy={verticalListSortingStrategy}>
        <ol
          ref={setNodeRef}
          aria-label={`${LEAD_STAGE_LABELS[column.stage]} leads`}
          className="flex max-h-[70vh] min-h-24 flex-col gap-2 overflow-y-auto p-2"
        >
          {column.items.map((lead, index) => (
            <LeadCard
              key={lead.id}
              lead={lead}
              first={index === 0}
              last={index === column.items.length - 1}
              onOpen={onOpen}
              onMove={onMove}
            />
          ))}
          {column.items.length === 0 ? (
            <li className="px-1 py-4 text-center text-xs text-slate-500 dark:text-slate-400">
              No leads here
            </li>
          ) : null}
        </ol>
      </SortableContext>
      {hidden > 0 ? (
        <div className="border-t border-slate-200 p-2 dark:border-slate-700">
          {canShowMore ? (
            <button
              type="button"
              className={`${buttonClass.secondary} w-full`}
              disabled={showingMore}
              onClick={onShowMore}
            >
              {showingMore ? 'Loading…' : `Show more (${hidden} more)`}
            </button>
          ) : (
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {hidden} more: search or filter, or use the table, to find them.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
});
