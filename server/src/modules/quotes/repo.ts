import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';

import type { QuoteDocument, QuoteStatus } from '#contract/quotes';
import { OPEN_QUOTE_STATUSES } from '#contract/quotes';

import { indexOrder } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import {
  quotes,
  quoteShares,
  quoteSignatures,
  quoteStatusEvents,
  quoteVersions,
  quoteViews,
  type NewQuoteRow,
  type QuoteRow,
  type QuoteVersionRow,
} from '../../db/schema/quotes.ts';

/** The list's filters, as the list, the summary and the CSV share them. */
export type QuoteFilter = {
  status?: QuoteStatus | undefined;
  q?: string | undefined;
  /** Today in UTC (YYYY-MM-DD): an open quote valid until before it reads 'expired'. */
  today: string;
};

export type QuoteSort = 'updated' | 'created' | 'total' | 'valid_until' | 'title';

const open = [...OPEN_QUOTE_STATUSES];

/** The status a reader sees, in SQL: the same rule as effectiveQuoteStatus. */
function effectiveStatus(today: string): SQL<QuoteStatus> {
  return sql<QuoteStatus>`case when ${inArray(quotes.status, open)} and ${lt(quotes.validUntil, today)} then 'expired' else ${quotes.status} end`;
}

function statusCondition(status: QuoteStatus, today: string): SQL {
  if (status === 'expired') {
    return or(
      eq(quotes.status, 'expired'),
      and(inArray(quotes.status, open), lt(quotes.validUntil, today)),
    )!;
  }
  if (open.includes(status)) {
    return and(eq(quotes.status, status), gte(quotes.validUntil, today))!;
  }
  return eq(quotes.status, status);
}

function filterConditions(userId: string, filter: QuoteFilter): SQL[] {
  const conditions: SQL[] = [eq(quotes.userId, userId)];
  if (filter.status) conditions.push(statusCondition(filter.status, filter.today));
  const words = filter.q?.trim();
  if (words) conditions.push(sql`${quotes.search} @@ websearch_to_tsquery('english', ${words})`);
  return conditions;
}

const SORT_EXPRESSIONS: Record<Exclude<QuoteSort, 'updated'>, SQL> = {
  created: sql`${quotes.createdAt}`,
  total: sql`${quotes.totalMinor}`,
  valid_until: sql`${quotes.validUntil}`,
  title: sql`lower(${quotes.title})`,
};

/** What a list row needs: never the document or the RFP, which can be large. */
const listColumns = {
  id: quotes.id,
  title: quotes.title,
  clientName: quotes.clientName,
  statusChangedAt: quotes.statusChangedAt,
  currency: quotes.currency,
  totalMinor: quotes.totalMinor,
  validUntil: quotes.validUntil,
  createdAt: quotes.createdAt,
  updatedAt: quotes.updatedAt,
};

export type QuoteListRow = Pick<QuoteRow, keyof typeof listColumns> & {
  effectiveStatus: QuoteStatus;
};

/** A page of the caller's quotes, filtered and sorted (the id breaks ties). */
export async function listQuoteRows(
  db: Database,
  userId: string,
  filter: QuoteFilter,
  order: { sort: QuoteSort; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<QuoteListRow[]> {
  const direction = order.dir === 'asc' ? asc : desc;
  // The default order (last updated) is read from the (user, updated, id) index, page by page.
  const ordering =
    order.sort === 'updated'
      ? [indexOrder(quotes.updatedAt, order.dir), indexOrder(quotes.id, order.dir)]
      : [direction(SORT_EXPRESSIONS[order.sort]), direction(quotes.id)];
  return db
    .select({ ...listColumns, effectiveStatus: effectiveStatus(filter.today) })
    .from(quotes)
    .where(and(...filterConditions(userId, filter)))
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset);
}

/** Count and value per effective status and currency. */
export async function summaryRows(db: Database, userId: string, today: string) {
  const status = effectiveStatus(today);
  return (
    db
      .select({
        status,
        currency: quotes.currency,
        count: sql<number>`count(*)::int`,
        totalMinor: sql<string>`coalesce(sum(${quotes.totalMinor}), 0)::text`,
      })
      .from(quotes)
      .where(eq(quotes.userId, userId))
      // By position: the status expression carries the day as a parameter, and two copies of it
      // would not be recognised as the same expression.
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`)
  );
}

export async function findQuote(
  db: Database,
  userId: string,
  id: string,
): Promise<QuoteRow | undefined> {
  const rows = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function insertQuote(db: Database, values: NewQuoteRow): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row!;
}

export async function updateQuote(
  db: Database,
  row: Pick<QuoteRow, 'id' | 'userId'>,
  values: Partial<NewQuoteRow>,
): Promise<QuoteRow> {
  const [updated] = await db
    .update(quotes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(quotes.id, row.id), eq(quotes.userId, row.userId)))
    .returning();
  return updated!;
}

/** Saves over the row only if it is still at `version`; false when another save came first. */
export async function updateQuoteAtVersion(
  db: Database,
  row: Pick<QuoteRow, 'id' | 'userId'>,
  version: number,
  values: Partial<NewQuoteRow>,
): Promise<boolean> {
  const updated = await db
    .update(quotes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(quotes.id, row.id), eq(quotes.userId, row.userId), eq(quotes.version, version)))
    .returning({ id: quotes.id });
  return updated.length > 0;
}

export async function deleteQuote(db: Database, userId: string, id: string): Promise<void> {
  await db.delete(quotes).where(and(eq(quotes.id, id), eq(quotes.userId, userId)));
}

export async function insertStatusEvent(
  db: Database,
  row: Pick<QuoteRow, 'id' | 'userId'>,
  from: QuoteStatus | null,
  to: QuoteStatus,
  at: Date,
): Promise<void> {
  await db.insert(quoteStatusEvents).values({
    userId: row.userId,
    quoteId: row.id,
    fromStatus: from,
    toStatus: to,
    createdAt: at,
    updatedAt: at,
  });
}

export async function listStatusEvents(db: Database, quoteId: string) {
  return db
    .select({ status: quoteStatusEvents.toStatus, at: quoteStatusEvents.createdAt })
    .from(quoteStatusEvents)
    .where(eq(quoteStatusEvents.quoteId, quoteId))
    .orderBy(asc(quoteStatusEvents.createdAt), asc(quoteStatusEvents.id));
}

export async function insertVersion(
  db: Database,
  row: Pick<QuoteRow, 'id' | 'userId'>,
  values: {
    number: number;
    source: QuoteVersionRow['source'];
    document: QuoteDocument;
    totalMinor: number;
  },
): Promise<void> {
  await db.insert(quoteVersions).values({ userId: row.userId, quoteId: row.id, ...values });
}

export async function latestVersion(
  db: Database,
  quoteId: string,
): Promise<QuoteVersionRow | undefined> {
  const rows = await db
    .select()
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId))
    .orderBy(desc(quoteVersions.number))
    .limit(1);
  return rows[0];
}

export async function updateVersion(
  db: Database,
  versionId: string,
  values: { document: QuoteDocument; totalMinor: number },
): Promise<void> {
  await db
    .update(quoteVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(quoteVersions.id, versionId));
}

export async function listVersions(db: Database, quoteId: string): Promise<QuoteVersionRow[]> {
  return db
    .select()
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId))
    .orderBy(desc(quoteVersions.number));
}

export async function findVersion(
  db: Database,
  quoteId: string,
  number: number,
): Promise<QuoteVersionRow | undefined> {
  const rows = await db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.number, number)))
    .limit(1);
  return rows[0];
}

/** The quote's live link: not revoked and not past its expiry, the newest if several. */
export async function liveShare(db: Database, quoteId: string, now: Date) {
  const rows = await db
    .select()
    .from(quoteShares)
    .where(
      and(
        eq(quoteShares.quoteId, quoteId),
        isNull(quoteShares.revokedAt),
        or(isNull(quoteShares.expiresAt), gt(quoteShares.expiresAt, now)),
      ),
    )
    .orderBy(desc(quoteShares.createdAt))
    .limit(1);
  return rows[0];
}

/** How often a share link was opened, and when last. */
export async function shareViewStats(db: Database, shareId: string) {
  const [stats] = await db
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<Date | null>`max(${quoteViews.createdAt})`.mapWith(quoteViews.createdAt),
    })
    .from(quoteViews)
    .where(eq(quoteViews.shareId, shareId));
  return { count: stats?.count ?? 0, last: stats?.last ?? null };
}

/** Views per quote (every link the quote ever had). */
export async function viewCounts(db: Database, quoteIds: string[]): Promise<Map<string, number>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await db
    .select({ quoteId: quoteViews.quoteId, count: sql<number>`count(*)::int` })
    .from(quoteViews)
    .where(inArray(quoteViews.quoteId, quoteIds))
    .groupBy(quoteViews.quoteId);
  return new Map(rows.map((row) => [row.quoteId, row.count]));
}

export async function signatureOf(db: Database, quoteId: string) {
  const rows = await db
    .select()
    .from(quoteSignatures)
    .where(eq(quoteSignatures.quoteId, quoteId))
    .limit(1);
  return rows[0];
}
