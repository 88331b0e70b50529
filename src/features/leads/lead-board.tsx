import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadBoard, type LeadStage } from '@/contract/leads';

import type { CardMoveTarget } from './lead-board-card';
import { LeadColumn } from './lead-board-column';
import {
  dropMove,
  findOnBoard,
  leadName,
  menuMove,
  moveInBoard,
  type BoardMove,
} from './lead-board-logic';

const stageOfDropId = (id: UniqueIdentifier): LeadStage | null => {
  const text = String(id);
  if (!text.startsWith('column:')) return null;
  const stage = text.slice('column:'.length);
  return (LEAD_STAGES as readonly string[]).includes(stage) ? (stage as LeadStage) : null;
};

/** The column a drop target stands for: a column itself, or the column of the card under it. */
function containerOf(board: LeadBoard, id: UniqueIdentifier): LeadStage | null {
  return stageOfDropId(id) ?? findOnBoard(board, String(id))?.stage ?? null;
}

/** Where a card is, in words: "position 2 of 5 in Won". */
function whereIs(board: LeadBoard, id: UniqueIdentifier): string {
  const found = findOnBoard(board, String(id));
  if (!found) return '';
  const column = board.columns.find((c) => c.stage === found.stage);
  return `position ${found.index + 1} of ${column?.count ?? found.index + 1} in ${
    LEAD_STAGE_LABELS[found.stage]
  }`;
}

export type LeadBoardViewProps = {
  board: LeadBoard;
  canShowMore: boolean;
  showingMore: boolean;
  onShowMore: () => void;
  onOpen: (id: string) => void;
  /** A move the person made; the page sends it and says what happened. */
  onMove: (move: BoardMove) => void;
};

/**
 * The pipeline: seven columns whose cards move by drag and drop (pointer, touch or keyboard on the
 * handle: Space picks up, arrows move, Space drops, Escape cancels) or by each card's Move menu.
 */
export function LeadBoardView({
  board,
  canShowMore,
  showingMore,
  onShowMore,
  onOpen,
  onMove,
}: LeadBoardViewProps) {
  // While a card is dragged, the board as the drag shows it (the card follows into other columns).
  const [dragBoard, setDragBoard] = useState<LeadBoard | null>(null);
  const shown = dragBoard ?? board;
  // The Move menus read the board through a ref, so the cards keep one callback and stay memoised.
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = dragBoard ?? board;
    const from = containerOf(current, active.id);
    const to = containerOf(current, over.id);
    if (!from || !to || from === to) return;
    const beforeId = stageOfDropId(over.id) ? null : String(over.id);
    setDragBoard(moveInBoard(current, { id: String(active.id), stage: to, beforeId }));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragBoard ?? board;
    setDragBoard(null);
    if (!over) return;
    const stage = containerOf(current, active.id);
    if (!stage) return;
    const column = current.columns.find((c) => c.stage === stage);
    let ids = column?.items.map((lead) => lead.id) ?? [];
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) ids = arrayMove(ids, from, to);
    const move = dropMove(stage, ids, String(active.id));
    const before = findOnBoard(board, String(active.id));
    if (!move || !before) return;
    const original = board.columns.find((c) => c.stage === before.stage)?.items ?? [];
    const unchanged =
      before.stage === move.stage && (original[before.index + 1]?.id ?? null) === move.beforeId;
    if (!unchanged) onMove(move);
  };

  const menuMoveCard = useCallback(
    (id: string, target: CardMoveTarget) => {
      const move = menuMove(shownRef.current, id, target);
      if (move) onMove(move);
    },
    [onMove],
  );

  const nameOf = (id: UniqueIdentifier) => {
    const found = findOnBoard(shownRef.current, String(id));
    return found ? leadName(found.lead) : 'the lead';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, ${whereIs(shownRef.current, active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${
            stageOfDropId(over.id)
              ? LEAD_STAGE_LABELS[stageOfDropId(over.id) ?? 'new']
              : whereIs(shownRef.current, over.id)
          }.`
        : `${nameOf(active.id)} is no longer over a column.`,
    // The page announces the move itself once it is sent ("Moved … to Won, position 1 of 3.").
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragBoard(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up a lead, press Space or Enter. Use the arrow keys to move it between and within columns, Space or Enter to drop it, Escape to cancel. The Move menu beside it does the same without dragging.',
        },
      }}
    >
      <div
        className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0"
        aria-label="Pipeline board"
        role="region"
      >
        {shown.columns.map((column) => (
          <LeadColumn
            key={column.stage}
            column={column}
            canShowMore={canShowMore}
            showingMore={showingMore}
            onShowMore={onShowMore}
            onOpen={onOpen}
            onMove={menuMoveCard}
          />
        ))}
      </div>
    </DndContext>
  );
}
