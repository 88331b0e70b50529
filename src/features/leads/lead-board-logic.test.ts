import { describe, expect, it } from 'vitest';

import { dropMove, menuMove, moveAnnouncement, moveInBoard } from './lead-board-logic';
import { LEAD_A, LEAD_B, LEAD_C, LEAD_D, boardOf, lead } from './leads-fixtures';

const board = boardOf([
  lead({ id: LEAD_A, contactName: 'Acme', stage: 'negotiation', valueMinor: 250_000 }),
  lead({ id: LEAD_B, contactName: 'Bolt', stage: 'won', valueMinor: 100_000 }),
  lead({ id: LEAD_C, contactName: 'Cora', stage: 'won', valueMinor: 50_000, currency: 'EUR' }),
  lead({ id: LEAD_D, contactName: 'Dune', stage: 'negotiation', valueMinor: 0 }),
]);
const column = (b: typeof board, stage: string) => b.columns.find((c) => c.stage === stage)!;

describe('board moves', () => {
  it('moves a card between columns with its count and value', () => {
    const after = moveInBoard(board, { id: LEAD_A, stage: 'won', beforeId: LEAD_B });
    expect(column(after, 'won').items.map((l) => l.id)).toEqual([LEAD_A, LEAD_B, LEAD_C]);
    expect(column(after, 'won').count).toBe(3);
    expect(column(after, 'won').totals).toEqual([
      { currency: 'USD', valueMinor: 350_000 },
      { currency: 'EUR', valueMinor: 50_000 },
    ]);
    expect(column(after, 'negotiation').count).toBe(1);
    expect(column(after, 'negotiation').totals).toEqual([]);
    expect(column(after, 'won').items[0]?.stage).toBe('won');
  });

  it('reorders inside a column without changing its count', () => {
    const after = moveInBoard(board, { id: LEAD_D, stage: 'negotiation', beforeId: LEAD_A });
    expect(column(after, 'negotiation').items.map((l) => l.id)).toEqual([LEAD_D, LEAD_A]);
    expect(column(after, 'negotiation').count).toBe(2);
  });

  it('says where the card landed', () => {
    expect(moveAnnouncement(board, { id: LEAD_A, stage: 'won', beforeId: LEAD_B })).toBe(
      'Moved Acme to Won, position 1 of 3.',
    );
    expect(moveAnnouncement(board, { id: LEAD_A, stage: 'lost', beforeId: null })).toBe(
      'Moved Acme to Lost, position 1 of 1.',
    );
  });

  it('turns menu choices and drops into API moves', () => {
    expect(menuMove(board, LEAD_A, 'won')).toEqual({ id: LEAD_A, stage: 'won', beforeId: LEAD_B });
    expect(menuMove(board, LEAD_A, 'lost')).toEqual({ id: LEAD_A, stage: 'lost', beforeId: null });
    expect(menuMove(board, LEAD_A, 'negotiation')).toBeNull();
    expect(menuMove(board, LEAD_A, 'up')).toBeNull();
    expect(menuMove(board, LEAD_A, 'down')).toEqual({
      id: LEAD_A,
      stage: 'negotiation',
      beforeId: null,
    });
    expect(menuMove(board, LEAD_D, 'up')).toEqual({
      id: LEAD_D,
      stage: 'negotiation',
      beforeId: LEAD_A,
    });
    expect(dropMove('won', [LEAD_B, LEAD_A, LEAD_C], LEAD_A)).toEqual({
      id: LEAD_A,
      stage: 'won',
      beforeId: LEAD_C,
    });
    expect(dropMove('won', [LEAD_B, LEAD_A], LEAD_A)?.beforeId).toBeNull();
  });
});
