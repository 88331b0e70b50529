import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';

import type { ListResponsesParams, ResponseStatus } from '#contract/responses';

import type { Database } from '../../db/client.ts';
import {
  responseCitations,
  responses,
  responseStatusEvents,
  responseVersions,
  type NewResponseRow,
  type ResponseRow,
} from '../../db/schema/responses.ts';

/** A stored response without its search column. */
export type StoredResponse = Omit<ResponseRow, 'search'>;

const { search: _search, ...columns } = getTableColumns(responses);

export function ownedActive(userId: string, id: string): SQL {
  return and(eq(responses.id, id), eq(responses.userId, userId), isNull(responses.deletedAt))!;
}

export async function findResponse(
  db: Database,
  userId: string,
  id: string,
  includeDeleted = false,
): Promise<StoredResponse | undefined> {
  const rows = await db
    .select(columns)
    .from(responses)
    .where(
      includeDeleted
        ? and(eq(responses.id, id), eq(responses.userId, userId))
        : ownedActive(userId, id),
    )
    .limit(1);
  return rows[0];
}

const SORT_COLUMNS = {
  createdAt: responses.createdAt,
  updatedAt: responses.updatedAt,
  status: responses.status,
  bid: responses.bidMinor,
  connects: responses.connects,
  fit: responses.fitScoreAtSend,
} as const;

export function listConditions(
  userId: string,
  query: Omit<ListResponsesParams, 'limit' | 'cursor' | 'sort' | 'order'>,
): SQL[] {
  const conditions: SQL[] = [eq(responses.userId, userId), isNull(responses.deletedAt)];
  if (query.status) conditions.push(eq(responses.status, query.status));
  if (query.variant) conditions.push(eq(responses.variant, query.variant));
  if (query.templateId) conditions.push(eq(responses.templateId, query.templateId));
  if (query.jobId) conditions.push(eq(responses.jobId, query.jobId));
  if (query.from) conditions.push(gte(responses.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(responses.createdAt, new Date(query.to)));
  if (query.q)
    conditions.push(sql`${responses.search} @@ websearch_to_tsquery('english', ${query.q})`);
  return conditions;
}

export async function listResponseRows(
  db: Database,
  userId: string,
  query: ListResponsesParams & {
    limit: number;
    sort: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
  },
  offset: number,
  ids?: string[],
): Promise<{ rows: StoredResponse[]; total: number }> {
  const conditions = listConditions(userId, query);
  if (ids) conditions.push(inArray(responses.id, ids));
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select(columns)
    .from(responses)
    .where(and(...conditions))
    .orderBy(sql`${direction(column)} nulls last`, direction(responses.id))
    .limit(query.limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(responses)
    .where(and(...conditions));
  return { rows, total: count?.n ?? 0 };
}

export async function citationsFor(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, Array<{ portfolioItemId: string; title: string }>>();
  const rows = await db
    .select({
      responseId: responseCitations.responseId,
      portfolioItemId: responseCitations.portfolioItemId,
      title: responseCitations.title,
    })
    .from(responseCitations)
    .where(inArray(responseCitations.responseId, ids));
  const map = new Map<string, Array<{ portfolioItemId: string; title: string }>>();
  for (const row of rows) {
    const list = map.get(row.responseId) ?? [];
    list.push({ portfolioItemId: row.portfolioItemId, title: row.title });
    map.set(row.responseId, list);
  }
  return map;
}

export async function insertResponse(db: Database, values: NewResponseRow): Promise<ResponseRow> {
  const [row] = await db.insert(responses).values(values).returning();
  return row!;
}

export async function updateResponseRow(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewResponseRow>,
) {
  const [row] = await db
    .update(responses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(responses.id, id), eq(responses.userId, userId)))
    .returning();
  return row;
}

export async function addVersion(
  db: Database,
  userId: string,
  responseId: string,
  text: string,
  source: string,
) {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${responseVersions.number}), 0)::int` })
    .from(responseVersions)
    .where(eq(responseVersions.responseId, responseId));
  const [row] = await db
    .insert(responseVersions)
    .values({ userId, responseId, number: (last?.n ?? 0) + 1, text, source })
    .returning();
  return row!;
}

export async function listVersions(db: Database, userId: string, responseId: string) {
  return db
    .select()
    .from(responseVersions)
    .where(and(eq(responseVersions.responseId, responseId), eq(responseVersions.userId, userId)))
    .orderBy(desc(responseVersions.number));
}

export async function findVersion(
  db: Database,
  userId: string,
  responseId: string,
  versionId: string,
) {
  const rows = await db
    .select()
    .from(responseVersions)
    .where(
      and(
        eq(responseVersions.id, versionId),
        eq(responseVersions.responseId, responseId),
        eq(responseVersions.userId, userId),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function addStatusEvent(
  db: Database,
  userId: string,
  responseId: string,
  from: ResponseStatus | null,
  to: ResponseStatus,
) {
  await db
    .insert(responseStatusEvents)
    .values({ userId, responseId, fromStatus: from, toStatus: to });
}

export async function listStatusEvents(db: Database, userId: string, responseId: string) {
  return db
    .select()
    .from(responseStatusEvents)
    .where(
      and(eq(responseStatusEvents.responseId, responseId), eq(responseStatusEvents.userId, userId)),
    )
    .orderBy(asc(responseStatusEvents.createdAt), asc(responseStatusEvents.id));
}

export async function replaceCitations(
  db: Database,
  userId: string,
  responseId: string,
  items: Array<{ id: string; title: string }>,
) {
  await db.delete(responseCitations).where(eq(responseCitations.responseId, responseId));
  if (items.length === 0) return;
  await db
    .insert(responseCitations)
    .values(
      items.map((item) => ({ responseId, userId, portfolioItemId: item.id, title: item.title })),
    )
    .onConflictDoNothing();
}

/** Soft-deleted rows older than 30 days are purged: a list delete can be undone for 30 days. */
export async function purgeDeleted(db: Database, userId: string) {
  await db
    .delete(responses)
    .where(
      and(
        eq(responses.userId, userId),
        isNotNull(responses.deletedAt),
        lt(responses.deletedAt, new Date(Date.now() - 30 * 86_400_000)),
      ),
    );
}

/** The user's last few drafts for one job that did not fail, newest first. */
export async function recentResponsesToJob(db: Database, userId: string, jobId: string) {
  return db
    .select({
      jobTitle: responses.jobTitle,
      status: responses.status,
      createdAt: responses.createdAt,
    })
    .from(responses)
    .where(
      and(
        eq(responses.userId, userId),
        eq(responses.jobId, jobId),
        isNull(responses.deletedAt),
        ne(responses.generation, 'failed'),
      ),
    )
    .orderBy(desc(responses.createdAt))
    .limit(5);
}

/**
 * Deletes the drafts among `ids` that the user never touched: still a draft, not deleted, and
 * with no version but the generated one (no edit, no accepted rewrite, no restore). Returns the
 * ids it deleted.
 */
export async function deleteUntouchedDrafts(
  db: Database,
  userId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const touched = db
    .select({ id: responseVersions.responseId })
    .from(responseVersions)
    .where(and(eq(responseVersions.userId, userId), ne(responseVersions.source, 'generated')));
  const deleted = await db
    .delete(responses)
    .where(
      and(
        eq(responses.userId, userId),
        inArray(responses.id, ids),
        eq(responses.status, 'draft'),
        isNull(responses.deletedAt),
        notInArray(responses.id, touched),
      ),
    )
    .returning({ id: responses.id });
  return deleted.map((row) => row.id);
}
