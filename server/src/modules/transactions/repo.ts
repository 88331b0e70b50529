import { and, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { TransactionKind, TransactionSource } from '#contract/transactions';

import type { Database } from '../../db/client.ts';
import {
  transactions,
  transactionSyncState,
  type NewTransactionRow,
  type TransactionRow,
} from '../../db/schema/transactions.ts';
import { indexOrder } from '../../cursor.ts';

/** The ledger's tables: rows, filters, keyset pages, batched upserts and the sync cursor. */

export type TransactionFilter = {
  q?: string | undefined;
  kind?: TransactionKind | undefined;
  source?: TransactionSource | undefined;
  leadId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export type TransactionSort = 'date' | 'amount' | 'created';

/** Where a page starts: the sort value and id of the last row of the page before. */
export type TransactionKeyset = { value: string | number; id: string };

/** The caller's live (not deleted) rows matching the filters. */
export function filterConditions(userId: string, filter: TransactionFilter): SQL[] {
  const conditions: SQL[] = [eq(transactions.userId, userId), isNull(transactions.deletedAt)];
  if (filter.kind) conditions.push(eq(transactions.kind, filter.kind));
  if (filter.source) conditions.push(eq(transactions.source, filter.source));
  if (filter.leadId) conditions.push(eq(transactions.leadId, filter.leadId));
  if (filter.from) conditions.push(gte(transactions.occurredOn, filter.from));
  if (filter.to) conditions.push(lte(transactions.occurredOn, filter.to));
  const words = filter.q?.trim();
  if (words) {
    conditions.push(sql`${transactions.search} @@ websearch_to_tsquery('simple', ${words})`);
  }
  return conditions;
}

const SORT_COLUMNS = {
  date: transactions.occurredOn,
  amount: transactions.amountMinor,
  created: transactions.createdAt,
} as const;

/** The sort value a cursor carries for a row: a date string, an amount, or epoch milliseconds. */
export function sortValueOf(row: TransactionRow, sort: TransactionSort): string | number {
  if (sort === 'date') return row.occurredOn;
  if (sort === 'amount') return row.amountMinor;
  return row.createdAt.getTime();
}

function keysetCondition(
  sort: TransactionSort,
  dir: 'asc' | 'desc',
  after: TransactionKeyset,
): SQL {
  const column = SORT_COLUMNS[sort];
  const value = sort === 'created' ? new Date(after.value) : after.value;
  const beyond = dir === 'desc' ? lt : gt;
  return or(beyond(column, value), and(eq(column, value), beyond(transactions.id, after.id)))!;
}

export async function listTransactionRows(
  db: Database,
  userId: string,
  filter: TransactionFilter,
  order: { sort: TransactionSort; dir: 'asc' | 'desc' },
  page: { limit: number; after?: TransactionKeyset | undefined },
): Promise<TransactionRow[]> {
  const conditions = filterConditions(userId, filter);
  if (page.after) conditions.push(keysetCondition(order.sort, order.dir, page.after));
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(
      indexOrder(SORT_COLUMNS[order.sort], order.dir),
      indexOrder(transactions.id, order.dir),
    )
    .limit(page.limit);
}

export async function countTransactionRows(
  db: Database,
  userId: string,
  filter: TransactionFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(...filterConditions(userId, filter)));
  return row?.n ?? 0;
}

/** One row of the caller's, deleted or not (restore needs the deleted ones). */
export async function getTransactionRow(
  db: Database,
  userId: string,
  id: string,
): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertTransactionRow(
  db: Database,
  values: NewTransactionRow,
): Promise<TransactionRow> {
  const [row] = await db.insert(transactions).values(values).returning();
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
}

export async function updateTransactionRow(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewTransactionRow>,
): Promise<TransactionRow | null> {
  const [row] = await db
    .update(transactions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
    .returning();
  return row ?? null;
}

/** Rows written per INSERT: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_BATCH = 1_000;

/**
 * Inserts rows that carry an external id, skipping any the user already has with the same source
 * and external id (ON CONFLICT DO NOTHING). Answers the external ids written.
 */
export async function insertNewExternalRows(
  db: Database,
  rows: NewTransactionRow[],
): Promise<string[]> {
  const written: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const inserted = await db
      .insert(transactions)
      .values(batch)
      .onConflictDoNothing({
        target: [transactions.userId, transactions.source, transactions.externalId],
        where: sql`"external_id" is not null`,
      })
      .returning({ externalId: transactions.externalId });
    for (const row of inserted) if (row.externalId) written.push(row.externalId);
  }
  return written;
}

/** Plain batched inserts (CSV rows, which may have no external id). */
export async function insertRows(db: Database, rows: NewTransactionRow[]): Promise<number> {
  let count = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const inserted = await db.insert(transactions).values(batch).returning({ id: transactions.id });
    count += inserted.length;
  }
  return count;
}

/** The user's Upwork rows with these external ids that are not linked to a contract yet. */
export async function unlinkedUpworkRows(
  db: Database,
  userId: string,
  externalIds: string[],
): Promise<Array<{ id: string; externalId: string }>> {
  const found: Array<{ id: string; externalId: string }> = [];
  for (let start = 0; start < externalIds.length; start += INSERT_BATCH) {
    const batch = externalIds.slice(start, start + INSERT_BATCH);
    const rows = await db
      .select({ id: transactions.id, externalId: transactions.externalId })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.source, 'upwork'),
          isNull(transactions.contractId),
          inArray(transactions.externalId, batch),
        ),
      );
    for (const row of rows)
      if (row.externalId) found.push({ id: row.id, externalId: row.externalId });
  }
  return found;
}

/** Links rows to a contract (and its client and lead); answers how many changed. */
export async function linkRowsToContract(
  db: Database,
  userId: string,
  ids: string[],
  link: { contractId: string; clientId: string; leadId: string | null; counterparty: string },
): Promise<number> {
  let count = 0;
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const batch = ids.slice(start, start + INSERT_BATCH);
    const rows = await db
      .update(transactions)
      .set({
        contractId: link.contractId,
        clientId: link.clientId,
        leadId: link.leadId,
        counterparty: sql`case when ${transactions.counterparty} = '' then ${link.counterparty} else ${transactions.counterparty} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(transactions.userId, userId), inArray(transactions.id, batch)))
      .returning({ id: transactions.id });
    count += rows.length;
  }
  return count;
}

/** Existing live rows that a CSV row would duplicate: the same external id, or the same day. */
export async function rowsForDuplicateCheck(
  db: Database,
  userId: string,
  externalIds: string[],
  days: string[],
): Promise<
  Array<Pick<TransactionRow, 'externalId' | 'occurredOn' | 'amountMinor' | 'kind' | 'description'>>
> {
  const columns = {
    externalId: transactions.externalId,
    occurredOn: transactions.occurredOn,
    amountMinor: transactions.amountMinor,
    kind: transactions.kind,
    description: transactions.description,
  };
  const matches: SQL[] = [];
  if (externalIds.length > 0) matches.push(inArray(transactions.externalId, externalIds));
  if (days.length > 0) matches.push(inArray(transactions.occurredOn, days));
  if (matches.length === 0) return [];
  return db
    .select(columns)
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt), or(...matches)));
}

export async function syncStateOf(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(transactionSyncState)
    .where(eq(transactionSyncState.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function saveSyncState(
  db: Database,
  userId: string,
  values: { syncedThrough?: string; lastRunAt: Date; lastError: string | null },
): Promise<void> {
  await db
    .insert(transactionSyncState)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: transactionSyncState.userId,
      set: { ...values, updatedAt: new Date() },
    });
}

/** Removes rows deleted before `before` (any user's): the bin's undo window is over. */
export async function purgeDeletedRows(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(transactions)
    .where(lt(transactions.deletedAt, before))
    .returning({ id: transactions.id });
  return rows.length;
}
