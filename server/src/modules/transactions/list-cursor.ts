import { z } from 'zod';

import { cursorId, cursorSafeInteger, cursorTime } from '../../cursor.ts';
import type { TransactionSort } from './repo.ts';

/** A ledger page cursor: the last row's sort value (a day, an amount or a time) and its id. */
const cursorDay = z.iso.date();

export function listCursorSchema(sort: TransactionSort) {
  if (sort === 'date') return z.tuple([cursorDay, cursorId]);
  if (sort === 'amount') return z.tuple([cursorSafeInteger, cursorId]);
  return z.tuple([cursorTime, cursorId]);
}
