import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { HttpError } from './http-error.ts';

/** Opaque keyset cursors: `(createdAt, id)` of the last row, base64url-encoded. */
export type Keyset = { createdAt: Date; id: string };

export function encodeCursor(row: Keyset): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new HttpError(
      400,
      'validation_failed',
      'The cursor is not valid; start again from the first page.',
    );
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
