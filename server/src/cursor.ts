import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { z } from 'zod';

import { HttpError } from './http-error.ts';

/**
 * The one cursor codec. A cursor is the sort values of the last row of a page, as a JSON array in
 * base64url: opaque to clients. Decoding checks every value against a zod tuple, so a forged or
 * damaged cursor answers 400 validation_failed before anything reaches the database.
 */

export const INVALID_CURSOR_MESSAGE = 'The cursor is not valid; start again from the first page.';

export function invalidCursor(): HttpError {
  return new HttpError(400, 'validation_failed', INVALID_CURSOR_MESSAGE);
}

export function encodeCursor(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(raw: string, schema: T): z.output<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
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

/** Cursor parts: a row id, a row time (epoch milliseconds), numbers a column can hold. */
export const cursorId = z.string().refine(isUuid);
export const cursorTime = z.number().refine(isCursorTime);
export const cursorSmallint = z.number().int().min(-32_768).max(32_767);
export const cursorSafeInteger = z.number().refine(Number.isSafeInteger);
export const cursorDouble = z.number().refine(Number.isFinite);

/** Keyset cursors of `(createdAt desc, id desc)` lists. */
export type Keyset = { createdAt: Date; id: string };

const keysetSchema = z.tuple([cursorTime, cursorId]);

export function encodeKeyset(row: Keyset): string {
  return encodeCursor([row.createdAt.getTime(), row.id]);
}

export function decodeKeyset(raw: string): Keyset {
  const [ms, id] = decodeCursor(raw, keysetSchema);
  return { createdAt: new Date(ms), id };
}

/** Splits a page fetched with limit + 1 rows into items and the next cursor. */
export function toPage<T extends Keyset>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeKeyset(last) : null };
}

/**
 * ORDER BY for a newest-first keyset list: `created_at` then `id`, both DESC NULLS LAST, exactly
 * as drizzle-kit writes the (user_id, created_at DESC, id DESC) indexes. A plain DESC means NULLS
 * FIRST, which PostgreSQL does not take from such an index even on NOT NULL columns: it would sort
 * every one of the user's rows for each page instead of reading the first few from the index.
 */
export function newestFirst(createdAt: PgColumn, id: PgColumn): [SQL, SQL] {
  return [indexOrder(createdAt, 'desc'), indexOrder(id, 'desc')];
}

/**
 * One NOT NULL column in either direction, with nulls placed as such an index reads them: DESC
 * NULLS LAST forwards, ASC NULLS FIRST backwards. (On NOT NULL columns the placement changes no
 * result, only whether the index serves the order.)
 */
export function indexOrder(column: PgColumn, dir: 'asc' | 'desc'): SQL {
  return dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
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
