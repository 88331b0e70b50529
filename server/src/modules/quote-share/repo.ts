import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';

import type { QuoteDocument } from '#contract/quotes';

import type { Database } from '../../db/client.ts';
import {
  quotes,
  quoteShares,
  quoteSignatures,
  quoteViews,
  type QuoteRow,
  type QuoteShareRow,
  type QuoteSignatureRow,
} from '../../db/schema/quotes.ts';

/** Share links, views and the client's answer: the tables behind the public share page. */

/** The quote's live (not revoked) link, if any. */
export async function findLiveShare(
  db: Database,
  quoteId: string,
): Promise<QuoteShareRow | undefined> {
  const rows = await db
    .select()
    .from(quoteShares)
    .where(and(eq(quoteShares.quoteId, quoteId), isNull(quoteShares.revokedAt)))
    .orderBy(desc(quoteShares.createdAt))
    .limit(1);
  return rows[0];
}

export async function revokeLiveShares(db: Database, quoteId: string, at: Date): Promise<number> {
  const rows = await db
    .update(quoteShares)
    .set({ revokedAt: at, updatedAt: at })
    .where(and(eq(quoteShares.quoteId, quoteId), isNull(quoteShares.revokedAt)))
    .returning({ id: quoteShares.id });
  return rows.length;
}

export async function insertShare(
  db: Database,
  values: Pick<QuoteShareRow, 'userId' | 'quoteId' | 'tokenHash' | 'tokenEncrypted' | 'expiresAt'>,
  at: Date,
): Promise<QuoteShareRow> {
  const [row] = await db
    .insert(quoteShares)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('share insert returned no row');
  return row;
}

/** A link by its token's hash, with its quote (revoked and expired links included). */
export async function findShareByHash(
  db: Database,
  tokenHash: string,
): Promise<{ share: QuoteShareRow; quote: QuoteRow } | undefined> {
  const rows = await db
    .select({ share: quoteShares, quote: quotes })
    .from(quoteShares)
    .innerJoin(quotes, eq(quotes.id, quoteShares.quoteId))
    .where(eq(quoteShares.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/** How often a link was opened, and when last. */
export async function viewStats(
  db: Database,
  shareId: string,
): Promise<{ viewCount: number; lastViewedAt: Date | null }> {
  const [row] = await db
    .select({ viewCount: count(), lastViewedAt: max(quoteViews.createdAt) })
    .from(quoteViews)
    .where(eq(quoteViews.shareId, shareId));
  return { viewCount: row?.viewCount ?? 0, lastViewedAt: row?.lastViewedAt ?? null };
}

export async function insertView(
  db: Database,
  values: { userId: string; quoteId: string; shareId: string; device: string },
  at: Date,
): Promise<string> {
  const [row] = await db
    .insert(quoteViews)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: quoteViews.id });
  if (!row) throw new Error('view insert returned no row');
  return row.id;
}

/** Sets a view's duration; the view must belong to the link (answers whether it did). */
export async function setViewDuration(
  db: Database,
  shareId: string,
  viewId: string,
  seconds: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(quoteViews)
    .set({
      durationSeconds: sql`greatest(${quoteViews.durationSeconds}, ${seconds})`,
      updatedAt: at,
    })
    .where(and(eq(quoteViews.id, viewId), eq(quoteViews.shareId, shareId)))
    .returning({ id: quoteViews.id });
  return rows.length > 0;
}

export async function findSignature(
  db: Database,
  quoteId: string,
): Promise<QuoteSignatureRow | undefined> {
  const rows = await db
    .select()
    .from(quoteSignatures)
    .where(eq(quoteSignatures.quoteId, quoteId))
    .limit(1);
  return rows[0];
}

/** Stores the client's answer; undefined when the quote already has one (one per quote). */
export async function insertSignature(
  db: Database,
  values: Omit<QuoteSignatureRow, 'id' | 'createdAt' | 'updatedAt'>,
  at: Date,
): Promise<QuoteSignatureRow | undefined> {
  const rows = await db
    .insert(quoteSignatures)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: quoteSignatures.quoteId })
    .returning();
  return rows[0];
}

/**
 * Writes the client's ticks into the document and the totals columns. The version moves on, so an
 * editor tab opened before the change cannot save over it unawares.
 */
export async function updateQuoteSelection(
  db: Database,
  quoteId: string,
  document: QuoteDocument,
  totals: { subtotalMinor: number; totalMinor: number },
  at: Date,
): Promise<void> {
  await db
    .update(quotes)
    .set({
      document,
      subtotalMinor: totals.subtotalMinor,
      totalMinor: totals.totalMinor,
      version: sql`${quotes.version} + 1`,
      updatedAt: at,
    })
    .where(eq(quotes.id, quoteId));
}

/** Locks the quote row for the rest of the transaction (two answers at once: one wins). */
export async function lockQuote(db: Database, quoteId: string): Promise<QuoteRow | undefined> {
  const rows = await db.select().from(quotes).where(eq(quotes.id, quoteId)).for('update').limit(1);
  return rows[0];
}
