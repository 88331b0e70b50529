import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';

import type {
  CreatePortfolioItem,
  PortfolioCitationStats,
  PortfolioFile,
  PortfolioItem,
  UpdatePortfolioItem,
} from '#contract/portfolio';

import type { Database } from '../../db/client.ts';
import {
  portfolioFiles,
  portfolioItems,
  type PortfolioFileRow,
  type PortfolioItemRow,
} from '../../db/schema/portfolio.ts';
import { HttpError } from '../../http-error.ts';

/** SQL for portfolio items and files. Every function takes the owner id and scopes by it. */

/** Rows of a raw query; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Columns read for the API (the tsvector and embedding stay in the database). */
export const itemColumns = {
  id: portfolioItems.id,
  userId: portfolioItems.userId,
  title: portfolioItems.title,
  description: portfolioItems.description,
  role: portfolioItems.role,
  skills: portfolioItems.skills,
  industry: portfolioItems.industry,
  results: portfolioItems.results,
  resultMetrics: portfolioItems.resultMetrics,
  links: portfolioItems.links,
  date: portfolioItems.date,
  position: portfolioItems.position,
  filesText: portfolioItems.filesText,
  embeddingModel: portfolioItems.embeddingModel,
  deletedAt: portfolioItems.deletedAt,
  createdAt: portfolioItems.createdAt,
  updatedAt: portfolioItems.updatedAt,
};
export type ItemRecord = Pick<PortfolioItemRow, keyof typeof itemColumns>;

export const fileColumns = {
  id: portfolioFiles.id,
  userId: portfolioFiles.userId,
  itemId: portfolioFiles.itemId,
  originalName: portfolioFiles.originalName,
  storedName: portfolioFiles.storedName,
  mime: portfolioFiles.mime,
  sizeBytes: portfolioFiles.sizeBytes,
  width: portfolioFiles.width,
  height: portfolioFiles.height,
  thumbnailName: portfolioFiles.thumbnailName,
  textChars: sql<number>`char_length(${portfolioFiles.extractedText})`.mapWith(Number),
  createdAt: portfolioFiles.createdAt,
  updatedAt: portfolioFiles.updatedAt,
};
export type FileRecord = Omit<PortfolioFileRow, 'extractedText'> & { textChars: number };

export function toApiFile(row: FileRecord): PortfolioFile {
  return {
    id: row.id,
    itemId: row.itemId,
    originalName: row.originalName,
    mime: row.mime,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    hasThumbnail: row.thumbnailName !== null,
    textChars: row.textChars,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiItem(
  row: ItemRecord,
  files: FileRecord[],
  citations: PortfolioCitationStats,
): PortfolioItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    role: row.role,
    skills: row.skills,
    industry: row.industry,
    results: row.results,
    resultMetrics: row.resultMetrics.map((metric) => ({
      label: metric.label,
      value: metric.value,
      unit: metric.unit ?? null,
    })),
    links: row.links.map((link) => ({ label: link.label ?? null, url: link.url })),
    date: row.date,
    position: row.position,
    files: files.map(toApiFile),
    citations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

/**
 * How often the owner's responses cited each item. Responses are another area: the composition
 * root passes their counter in, and callers that only need the items' text pass none (all zero).
 */
export type CitationCounter = (
  db: Database,
  userId: string,
  itemIds: string[],
) => Promise<Map<string, PortfolioCitationStats>>;

const noCitations: CitationCounter = async () => new Map();

/** Files and citation counts for a set of rows, in the rows' order. */
export async function hydrateItems(
  db: Database,
  rows: ItemRecord[],
  countCitations: CitationCounter = noCitations,
): Promise<PortfolioItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [files, citations] = await Promise.all([
    db
      .select(fileColumns)
      .from(portfolioFiles)
      .where(inArray(portfolioFiles.itemId, ids))
      .orderBy(asc(portfolioFiles.createdAt), asc(portfolioFiles.id)),
    countCitations(db, rows[0]!.userId, ids),
  ]);
  const byItem = new Map<string, FileRecord[]>();
  for (const file of files) {
    const list = byItem.get(file.itemId) ?? [];
    list.push(file);
    byItem.set(file.itemId, list);
  }
  return rows.map((row) =>
    toApiItem(row, byItem.get(row.id) ?? [], citations.get(row.id) ?? { responses: 0, replied: 0 }),
  );
}

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

const POSITION_STEP = 1024;

export function skillsText(skills: string[]): string {
  return skills.join(' ');
}

export async function insertItem(
  db: Database,
  userId: string,
  input: CreatePortfolioItem,
): Promise<ItemRecord> {
  // New items go first: the freshest case study is usually the one to show.
  const [first] = await db
    .select({ min: sql<number | null>`min(${portfolioItems.position})`.mapWith(Number) })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), isNull(portfolioItems.deletedAt)));
  const min = first?.min;
  const position = min === null || min === undefined || Number.isNaN(min) ? 0 : min - POSITION_STEP;
  const [row] = await db
    .insert(portfolioItems)
    .values({
      userId,
      title: input.title,
      description: input.description,
      role: input.role,
      skills: input.skills,
      skillsText: skillsText(input.skills),
      industry: input.industry,
      results: input.results,
      resultMetrics: input.resultMetrics,
      links: input.links,
      date: input.date,
      position,
    })
    .returning(itemColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findItem(
  db: Database,
  userId: string,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<ItemRecord | null> {
  const [row] = await db
    .select(itemColumns)
    .from(portfolioItems)
    .where(
      and(
        eq(portfolioItems.id, id),
        eq(portfolioItems.userId, userId),
        options.includeDeleted ? undefined : isNull(portfolioItems.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateItem(
  db: Database,
  userId: string,
  id: string,
  patch: UpdatePortfolioItem,
): Promise<ItemRecord | null> {
  const values: Partial<typeof portfolioItems.$inferInsert> = { ...patch };
  if (patch.skills) values.skillsText = skillsText(patch.skills);
  // Changed words mean a stale embedding: drop it so the next AI search embeds the item again.
  values.embedding = null;
  values.embeddingModel = null;
  values.updatedAt = new Date();
  const [row] = await db
    .update(portfolioItems)
    .set(values)
    .where(
      and(
        eq(portfolioItems.id, id),
        eq(portfolioItems.userId, userId),
        isNull(portfolioItems.deletedAt),
      ),
    )
    .returning(itemColumns);
  return row ?? null;
}

export async function setDeleted(
  db: Database,
  userId: string,
  id: string,
  deleted: boolean,
): Promise<ItemRecord | null> {
  const [row] = await db
    .update(portfolioItems)
    .set({ deletedAt: deleted ? new Date() : null, updatedAt: new Date() })
    .where(
      and(
        eq(portfolioItems.id, id),
        eq(portfolioItems.userId, userId),
        deleted ? isNull(portfolioItems.deletedAt) : isNotNull(portfolioItems.deletedAt),
      ),
    )
    .returning(itemColumns);
  return row ?? null;
}

/** Removes the row (files rows cascade); returns the storage keys to delete. */
export async function deleteItemRow(
  db: Database,
  userId: string,
  id: string,
): Promise<string[] | null> {
  const files = await db
    .select({ stored: portfolioFiles.storedName, thumb: portfolioFiles.thumbnailName })
    .from(portfolioFiles)
    .where(and(eq(portfolioFiles.itemId, id), eq(portfolioFiles.userId, userId)));
  const deleted = await db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning({ id: portfolioItems.id });
  if (deleted.length === 0) return null;
  return files.flatMap((file) => (file.thumb ? [file.stored, file.thumb] : [file.stored]));
}

/** Items soft-deleted before `before`, any owner (the purge job). */
export async function listExpiredDeleted(db: Database, before: Date, limit: number) {
  return db
    .select({ id: portfolioItems.id, userId: portfolioItems.userId })
    .from(portfolioItems)
    .where(and(isNotNull(portfolioItems.deletedAt), lt(portfolioItems.deletedAt, before)))
    .limit(limit);
}

/**
 * Places `id` directly after `afterId` (or first when null) by bisecting the neighbours'
 * positions; when the gap is exhausted the owner's list is renumbered first.
 */
export async function moveItem(
  db: Database,
  userId: string,
  id: string,
  afterId: string | null,
): Promise<ItemRecord | null> {
  return db.transaction(async (tx) => {
    const live = and(eq(portfolioItems.userId, userId), isNull(portfolioItems.deletedAt));
    const [moving] = await tx
      .select({ id: portfolioItems.id })
      .from(portfolioItems)
      .where(and(live, eq(portfolioItems.id, id)));
    if (!moving) return null;
    if (afterId === id)
      throw new HttpError(400, 'validation_failed', 'An item cannot move after itself.');

    const target = async () => {
      if (afterId === null) {
        const [first] = await tx
          .select({ position: portfolioItems.position })
          .from(portfolioItems)
          .where(and(live, sql`${portfolioItems.id} <> ${id}`))
          .orderBy(asc(portfolioItems.position), asc(portfolioItems.id))
          .limit(1);
        return first
          ? { position: first.position - POSITION_STEP, gap: Infinity }
          : { position: 0, gap: Infinity };
      }
      const [anchor] = await tx
        .select({ position: portfolioItems.position, id: portfolioItems.id })
        .from(portfolioItems)
        .where(and(live, eq(portfolioItems.id, afterId)));
      if (!anchor) {
        throw new HttpError(404, 'not_found', 'The item to place it after was not found.');
      }
      const [next] = await tx
        .select({ position: portfolioItems.position })
        .from(portfolioItems)
        .where(
          and(
            live,
            sql`${portfolioItems.id} <> ${id}`,
            or(
              gt(portfolioItems.position, anchor.position),
              and(eq(portfolioItems.position, anchor.position), gt(portfolioItems.id, anchor.id)),
            ),
          ),
        )
        .orderBy(asc(portfolioItems.position), asc(portfolioItems.id))
        .limit(1);
      if (!next) return { position: anchor.position + POSITION_STEP, gap: Infinity };
      return {
        position: (anchor.position + next.position) / 2,
        gap: next.position - anchor.position,
      };
    };

    let place = await target();
    if (!(place.gap > 1e-6)) {
      await tx.execute(sql`
        update ${portfolioItems} as p set position = r.n * ${POSITION_STEP}
        from (select id, row_number() over (order by position, id) as n
              from ${portfolioItems} where user_id = ${userId} and deleted_at is null) r
        where p.id = r.id`);
      place = await target();
    }
    const [row] = await tx
      .update(portfolioItems)
      .set({ position: place.position, updatedAt: new Date() })
      .where(and(live, eq(portfolioItems.id, id)))
      .returning(itemColumns);
    return row ?? null;
  });
}
