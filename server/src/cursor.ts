import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { HttpError } from './http-error.ts';

/** Opaque keyset cursors: `(createdAt, id)` of the last row, base64url-encoded. */
export type Keyset = { createdAt: Date; id: string };

export function encodeCursor(row: Keyset): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export const INVALID_CURSOR_MESSAGE = 'The cursor is not valid; start again from the first page.';

export function invalidCursor(): HttpError {
  return new HttpError(400, 'validation_failed', INVALID_CURSOR_MESSAGE);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor's id must be a real UUID: anything else would reach the database as a bad value. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

// Times in cursors are row times: within the years 1 to 9999, which the database accepts and
// toISOString writes in its plain four-digit form.
const EARLIEST_CURSOR_TIME = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_CURSOR_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** Milliseconds since the epoch that a cursor may carry as a time. */
export function isCursorTime(ms: unknown): ms is number {
  return (
    Number.isInteger(ms) &&
    (ms as number) >= EARLIEST_CURSOR_TIME &&
    (ms as number) <= LATEST_CURSOR_TIME
  );
}

export function decodeCursor(cursor: string): Keyset {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [iso, id] = parts;
  const createdAt = new Date(iso ?? '');
  if (
    parts.length !== 2 ||
    !isUuid(id) ||
    !isCursorTime(createdAt.getTime()) ||
    createdAt.toISOString() !== iso
  ) {
    throw invalidCursor();
  }
  return { createdAt, id };
}

/** Splits a page fetched with limit + 1 rows into items and the next cursor. */
export function toPage<T extends Keyset>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Rows strictly after `after` in `(createdAt desc, id desc)` order: the keyset page condition. */
export function olderThan(createdAt: PgColumn, id: PgColumn, after: Keyset): SQL {
  // `or` of two conditions is never undefined.
  return or(lt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), lt(id, after.id)))!;
}

/** A case-insensitive "contains" pattern for ILIKE, with the user's % _ and \\ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
