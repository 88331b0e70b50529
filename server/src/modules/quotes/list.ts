import { z } from 'zod';

import type { QuoteListItem, QuoteSummary } from '#contract/quotes-api';
import { minorToMajorString } from '#contract/quote-totals';
import type { QuoteStatus } from '#contract/quotes';

import { toCsv } from '../../csv.ts';
import { decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { recordActivity } from '../activities/service.ts';
import * as repo from './repo.ts';
import type { QuoteMeta } from './service.ts';
import { toListItem } from './view.ts';

/** The list's query as the route hands it over (defaults applied). */
export type QuoteListQuery = {
  status?: QuoteStatus | undefined;
  q?: string | undefined;
  sort: repo.QuoteSort;
  dir: 'asc' | 'desc';
};

/** Today in UTC, the day effective statuses are read against. */
const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A page cursor of the quote list: how many rows came before the next page. */
const offsetCursor = z.tuple([z.number().int().min(0).max(1_000_000)]);

async function withViewCounts(db: Database, rows: repo.QuoteListRow[]): Promise<QuoteListItem[]> {
  const counts = await repo.viewCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toListItem(row, counts.get(row.id) ?? 0));
}

/** One page of the caller's quotes with effective statuses and how often each was viewed. */
export async function listQuotes(
  db: Database,
  userId: string,
  query: QuoteListQuery & { limit: number; cursor?: string | undefined },
  now = new Date(),
): Promise<{ items: QuoteListItem[]; nextCursor: string | null }> {
  const offset = query.cursor ? decodeCursor(query.cursor, offsetCursor)[0] : 0;
  const rows = await repo.listQuoteRows(
    db,
    userId,
    { status: query.status, q: query.q, today: todayOf(now) },
    { sort: query.sort, dir: query.dir },
    { limit: query.limit + 1, offset },
  );
  const items = await withViewCounts(db, rows.slice(0, query.limit));
  return {
    items,
    nextCursor: rows.length > query.limit ? encodeCursor([offset + query.limit]) : null,
  };
}

/** Count and value of the caller's quotes per effective status and currency. */
export async function quoteSummary(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<QuoteSummary> {
  const rows = await repo.summaryRows(db, userId, todayOf(now));
  return {
    rows: rows.map((row) => ({
      status: row.status,
      currency: row.currency,
      count: row.count,
      totalMinor: Number(row.totalMinor),
    })),
  };
}

/** The CSV holds at most this many quotes (the list's first ones in its order). */
export const QUOTE_CSV_LIMIT = 5_000;

const CSV_COLUMNS = [
  'title',
  'client',
  'status',
  'status changed',
  'currency',
  'total',
  'valid until',
  'views',
  'created',
  'updated',
];

/** The filtered list as CSV, totals in major units; logged as export_quote. */
export async function exportQuotesCsv(
  db: Database,
  userId: string,
  query: QuoteListQuery,
  meta: QuoteMeta,
  now = new Date(),
): Promise<{ csv: string; count: number }> {
  const rows = await repo.listQuoteRows(
    db,
    userId,
    { status: query.status, q: query.q, today: todayOf(now) },
    { sort: query.sort, dir: query.dir },
    { limit: QUOTE_CSV_LIMIT, offset: 0 },
  );
  const items = await withViewCounts(db, rows);
  const csv = toCsv(
    items.map((item) => ({
      title: item.title,
      client: item.clientName,
      status: item.status,
      'status changed': item.statusChangedAt,
      currency: item.currency,
      total: minorToMajorString(item.totalMinor, item.currency),
      'valid until': item.validUntil,
      views: item.viewCount,
      created: item.createdAt,
      updated: item.updatedAt,
    })),
    CSV_COLUMNS,
  );
  await recordActivity(db, {
    userId,
    action: 'export_quote',
    details: { format: 'csv', count: items.length },
    userAgent: meta.userAgent,
  });
  return { csv, count: items.length };
}
