import type { QuoteShare } from '#contract/quotes-api';
import type { QuoteDocument } from '#contract/quotes';
import { effectiveQuoteStatus } from '#contract/quotes';
import { quoteTotals } from '#contract/quote-totals';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { QuoteRow, QuoteShareRow } from '../../db/schema/quotes.ts';
import { HttpError } from '../../http-error.ts';
import { changeQuoteStatus, refuseQuoteMarkers, requireQuoteRow } from '../quotes/service.ts';
import * as repo from './repo.ts';
import {
  hashShareToken,
  newShareToken,
  openShareToken,
  sealShareToken,
  sharePath,
} from '../../share-tokens.ts';

/**
 * The owner's side of share links: one live link per quote, made or revoked by its owner. Making a
 * link for a draft marks it sent. An accepted quote is frozen, its link included.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function quoteLockedError(): HttpError {
  return new HttpError(409, 'conflict', 'This quote was accepted: it can no longer change.');
}

/** The last instant of the given UTC day. */
function endOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - 1);
}

function toQuoteShare(
  row: QuoteShareRow,
  keys: Config['encryptionKey'],
  stats: { viewCount: number; lastViewedAt: Date | null },
): QuoteShare {
  return {
    path: sharePath(openShareToken(row.tokenEncrypted, keys)),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    viewCount: stats.viewCount,
    lastViewedAt: stats.lastViewedAt?.toISOString() ?? null,
  };
}

/** A new link (any previous one stops working); a draft becomes 'sent'. */
export async function createShare(
  db: Database,
  config: Pick<Config, 'encryptionKey'>,
  userId: string,
  quoteId: string,
  body: { expiresOn: string | null },
  now = new Date(),
): Promise<QuoteShare> {
  const quote = await requireQuoteRow(db, userId, quoteId);
  if (quote.status === 'accepted') throw quoteLockedError();
  refuseQuoteMarkers(quote.document, 'sharing this quote');
  if (body.expiresOn !== null && body.expiresOn < now.toISOString().slice(0, 10)) {
    throw new HttpError(400, 'validation_failed', 'The link cannot expire in the past.', [
      { path: 'body.expiresOn', message: 'must be today or later' },
    ]);
  }
  const token = newShareToken();
  const row = await db.transaction(async (tx) => {
    await repo.revokeLiveShares(tx, quote.id, now);
    const inserted = await repo.insertShare(
      tx,
      {
        userId,
        quoteId: quote.id,
        tokenHash: hashShareToken(token),
        tokenEncrypted: sealShareToken(token, config.encryptionKey),
        expiresAt: body.expiresOn === null ? null : endOfDay(body.expiresOn),
      },
      now,
    );
    if (quote.status === 'draft') await changeQuoteStatus(tx, quote, 'sent', now);
    return inserted;
  });
  return toQuoteShare(row, config.encryptionKey, await repo.viewStats(db, row.id));
}

/** The live link stops working (nothing to revoke is not an error). */
export async function revokeShare(
  db: Database,
  userId: string,
  quoteId: string,
  now = new Date(),
): Promise<void> {
  const quote = await requireQuoteRow(db, userId, quoteId);
  if (quote.status === 'accepted') throw quoteLockedError();
  await repo.revokeLiveShares(db, quote.id, now);
}

/** Whether the client can still answer: not accepted, declined or past its validity. */
export function canRespond(quote: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): boolean {
  const status = effectiveQuoteStatus(quote, now);
  return status !== 'accepted' && status !== 'declined' && status !== 'expired';
}

/** The document with exactly the given optional lines ticked; 400 for any other id. */
export function withSelection(document: QuoteDocument, selectedLineIds: string[]): QuoteDocument {
  const optionalIds = new Set(
    document.lineItems.filter((line) => line.optional).map((line) => line.id),
  );
  const unknown = selectedLineIds.filter((id) => !optionalIds.has(id));
  if (unknown.length > 0) {
    throw new HttpError(400, 'validation_failed', 'Only optional items can be ticked.', [
      { path: 'body.selectedLineIds', message: `not an optional item: ${unknown.join(', ')}` },
    ]);
  }
  const chosen = new Set(selectedLineIds);
  return {
    ...document,
    lineItems: document.lineItems.map((line) =>
      line.optional ? { ...line, selected: chosen.has(line.id) } : line,
    ),
  };
}

export function publicTotals(document: QuoteDocument) {
  const totals = quoteTotals(document);
  return {
    subtotalMinor: totals.subtotalMinor,
    discountMinor: totals.discountMinor,
    taxMinor: totals.taxMinor,
    totalMinor: totals.totalMinor,
  };
}
