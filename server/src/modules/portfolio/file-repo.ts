import { and, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.ts';
import { portfolioFiles, portfolioItems } from '../../db/schema/portfolio.ts';
import { fileColumns, type FileRecord } from './repo.ts';

/** SQL for the files of portfolio items. Every function takes the owner id and scopes by it. */

export async function countFiles(db: Database, userId: string, itemId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(portfolioFiles)
    .where(and(eq(portfolioFiles.itemId, itemId), eq(portfolioFiles.userId, userId)));
  return row?.count ?? 0;
}

export async function insertFile(
  db: Database,
  values: typeof portfolioFiles.$inferInsert,
): Promise<FileRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(portfolioFiles).values(values).returning(fileColumns);
    if (!row) throw new Error('insert returned no row');
    await refreshFilesText(tx as unknown as Database, values.userId, values.itemId);
    return row;
  });
}

/** The item's `files_text` mirrors its files' text, so the generated tsvector can see it. */
export async function refreshFilesText(db: Database, userId: string, itemId: string) {
  await db
    .update(portfolioItems)
    .set({
      filesText: sql`coalesce((select string_agg(${portfolioFiles.extractedText}, ${'\n'} order by ${portfolioFiles.createdAt}, ${portfolioFiles.id}) from ${portfolioFiles} where ${portfolioFiles.itemId} = ${itemId} and ${portfolioFiles.userId} = ${userId}), '')`,
      embedding: null,
      embeddingModel: null,
      updatedAt: new Date(),
    })
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.userId, userId)));
}

/**
 * A file of the owner (any owner for admins: `userId` null), with the item's deleted state, so
 * files of binned items stay reachable only through undo.
 */
export async function findFile(
  db: Database,
  userId: string | null,
  fileId: string,
): Promise<(FileRecord & { itemDeleted: boolean }) | null> {
  const [row] = await db
    .select({ ...fileColumns, itemDeleted: sql<boolean>`${portfolioItems.deletedAt} is not null` })
    .from(portfolioFiles)
    .innerJoin(portfolioItems, eq(portfolioItems.id, portfolioFiles.itemId))
    .where(
      and(
        eq(portfolioFiles.id, fileId),
        userId === null ? undefined : eq(portfolioFiles.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteFileRow(
  db: Database,
  userId: string,
  itemId: string,
  fileId: string,
): Promise<FileRecord | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(portfolioFiles)
      .where(
        and(
          eq(portfolioFiles.id, fileId),
          eq(portfolioFiles.itemId, itemId),
          eq(portfolioFiles.userId, userId),
        ),
      )
      .returning(fileColumns);
    if (!row) return null;
    await refreshFilesText(tx as unknown as Database, userId, itemId);
    return row;
  });
}
