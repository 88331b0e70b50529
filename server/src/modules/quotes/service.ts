import type { Quote, QuoteShare } from '#contract/quotes-api';
import type { QuoteDocument, QuoteRequirement, QuoteStatus } from '#contract/quotes';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { QuoteRow } from '../../db/schema/quotes.ts';
import { HttpError } from '../../http-error.ts';
import { openShareToken, sharePath } from '../../share-tokens.ts';
import { recordActivity } from '../activities/service.ts';
import { requireJob } from '../jobs/service.ts';
import { requireResponse } from '../responses/service.ts';
import * as repo from './repo.ts';
import { quoteTotalsView, toQuote } from './view.ts';

export { quoteTotalsView } from './view.ts';
export { refuseQuoteMarkers } from './markers.ts';
export type { QuoteRow } from '../../db/schema/quotes.ts';

/** What a request tells the activity log besides the user: the browser it came from. */
export type QuoteMeta = { userAgent?: string | undefined };

export type CreateQuoteInput = {
  document: QuoteDocument;
  requirements: QuoteRequirement[];
  rfpText: string;
  rfpFileName?: string | null;
  jobId?: string | null;
  responseId?: string | null;
  leadId?: string | null;
  templateId?: string | null;
  offline: boolean;
  model?: string | null;
  /** The quote this one copies, when it is a duplicate. */
  duplicateOf?: string | null;
};

/** The columns a document decides: kept next to it so lists sort and search without reading it. */
export function documentColumns(document: QuoteDocument) {
  const totals = quoteTotalsView(document);
  return {
    title: document.title,
    clientName: document.clientName,
    currency: document.currency,
    validUntil: document.validUntil,
    subtotalMinor: totals.subtotalMinor,
    totalMinor: totals.totalMinor,
  };
}

/**
 * Saves a generated quote as a draft: the row, its first version, its first status and the
 * generate_quote entry are one write. A job or response that is not the caller's answers 404.
 */
export async function createQuote(
  db: Database,
  userId: string,
  input: CreateQuoteInput,
  meta: QuoteMeta,
): Promise<{ id: string }> {
  if (input.jobId) await requireJob(db, userId, input.jobId);
  if (input.responseId) await requireResponse(db, userId, input.responseId);
  const document: QuoteDocument = { ...input.document, status: 'draft' };
  const at = new Date();
  return db.transaction(async (tx) => {
    const row = await repo.insertQuote(tx, {
      userId,
      ...documentColumns(document),
      status: 'draft',
      statusChangedAt: at,
      document,
      requirements: input.requirements,
      rfpText: input.rfpText,
      rfpFileName: input.rfpFileName ?? null,
      version: 1,
      jobId: input.jobId ?? null,
      responseId: input.responseId ?? null,
      leadId: input.leadId ?? null,
      templateId: input.templateId ?? null,
      offline: input.offline,
      model: input.model ?? null,
      createdAt: at,
      updatedAt: at,
    });
    await repo.insertVersion(tx, row, {
      number: 1,
      source: 'generated',
      document,
      totalMinor: row.totalMinor,
    });
    await repo.insertStatusEvent(tx, row, null, 'draft', at);
    await recordActivity(tx, {
      userId,
      action: 'generate_quote',
      details: {
        quoteId: row.id,
        title: row.title,
        offline: input.offline,
        model: input.model,
        ...(input.duplicateOf ? { duplicateOf: input.duplicateOf } : {}),
      },
      jobId: input.jobId ?? null,
      userAgent: meta.userAgent,
    });
    return { id: row.id };
  });
}

/** Days a duplicate stays valid when the original's validity date has already passed. */
const DUPLICATE_VALIDITY_DAYS = 30;

/**
 * A new draft copied from one of the caller's quotes (an accepted one included): the same
 * sections, lines, links and RFP, none of the client's ticks, and a validity date still ahead.
 * This is how a frozen or declined quote is revised and offered again.
 */
export async function duplicateQuote(
  db: Database,
  userId: string,
  id: string,
  meta: QuoteMeta,
): Promise<{ id: string }> {
  const row = await requireQuoteRow(db, userId, id);
  const today = new Date().toISOString().slice(0, 10);
  const validUntil =
    row.document.validUntil >= today
      ? row.document.validUntil
      : new Date(Date.now() + DUPLICATE_VALIDITY_DAYS * 86_400_000).toISOString().slice(0, 10);
  return createQuote(
    db,
    userId,
    {
      document: {
        ...row.document,
        validUntil,
        lineItems: row.document.lineItems.map((line) => ({ ...line, selected: false })),
      },
      requirements: row.requirements,
      rfpText: row.rfpText,
      rfpFileName: row.rfpFileName,
      jobId: row.jobId,
      responseId: row.responseId,
      leadId: row.leadId,
      templateId: row.templateId,
      offline: row.offline,
      model: row.model,
      duplicateOf: row.id,
    },
    meta,
  );
}

/** The caller's quote row; a missing quote and another user's answer the same 404. */
export async function requireQuoteRow(db: Database, userId: string, id: string): Promise<QuoteRow> {
  const row = await repo.findQuote(db, userId, id);
  if (!row) throw new HttpError(404, 'not_found', 'Quote not found');
  return row;
}

/** The quote's live share link with its views, or null when it has none. */
async function shareView(
  db: Database,
  config: Pick<Config, 'encryptionKey'>,
  quoteId: string,
  now: Date,
): Promise<QuoteShare | null> {
  const share = await repo.liveShare(db, quoteId, now);
  if (!share) return null;
  const stats = await repo.shareViewStats(db, share.id);
  return {
    path: sharePath(openShareToken(share.tokenEncrypted, config.encryptionKey)),
    expiresAt: share.expiresAt?.toISOString() ?? null,
    createdAt: share.createdAt.toISOString(),
    viewCount: stats.count,
    lastViewedAt: stats.last?.toISOString() ?? null,
  };
}

/** One quote as its owner reads it: status history, totals, coverage, share and the client's answer. */
export async function getQuoteView(
  db: Database,
  config: Pick<Config, 'encryptionKey'>,
  userId: string,
  id: string,
): Promise<Quote> {
  const row = await requireQuoteRow(db, userId, id);
  const now = new Date();
  const [statusHistory, share, signature] = await Promise.all([
    repo.listStatusEvents(db, row.id),
    shareView(db, config, row.id, now),
    repo.signatureOf(db, row.id),
  ]);
  return toQuote(row, { statusHistory, share, signature, now });
}

const VIEW_LOG_INTERVAL_MS = 10 * 60_000;
/** When each (user, quote) view was last logged, so reopening a quote does not flood the log. */
const lastViewLogged = new Map<string, number>();

function shouldLogView(userId: string, quoteId: string, now: number): boolean {
  const key = `${userId}:${quoteId}`;
  const last = lastViewLogged.get(key);
  if (last !== undefined && now - last < VIEW_LOG_INTERVAL_MS) return false;
  if (lastViewLogged.size > 10_000) {
    for (const [stale, at] of lastViewLogged) {
      if (now - at >= VIEW_LOG_INTERVAL_MS) lastViewLogged.delete(stale);
    }
  }
  lastViewLogged.set(key, now);
  return true;
}

/** A quote opened by its owner; the view is logged at most once per quote every 10 minutes. */
export async function viewQuote(
  db: Database,
  config: Pick<Config, 'encryptionKey'>,
  userId: string,
  id: string,
  meta: QuoteMeta,
): Promise<Quote> {
  const quote = await getQuoteView(db, config, userId, id);
  if (shouldLogView(userId, id, Date.now())) {
    await recordActivity(db, {
      userId,
      action: 'view_quote',
      details: { quoteId: id, title: quote.title },
      jobId: quote.jobId,
      userAgent: meta.userAgent,
    });
  }
  return quote;
}

/**
 * Moves a quote to a status at a time: the row (and the status inside its document) changes and
 * the change is recorded as an event; the first move to 'sent' also keeps the send time. Nothing
 * happens when the quote already has that status.
 */
export async function changeQuoteStatus(
  tx: Database,
  row: QuoteRow,
  to: QuoteStatus,
  at: Date = new Date(),
): Promise<void> {
  if (row.status === to) return;
  await repo.updateQuote(tx, row, {
    status: to,
    statusChangedAt: at,
    document: { ...row.document, status: to },
    ...(to === 'sent' && !row.sentAt ? { sentAt: at } : {}),
  });
  await repo.insertStatusEvent(tx, row, row.status, to, at);
}

/** Deletes a quote for good (with its versions, links, views and answers) and logs it. */
export async function deleteQuote(
  db: Database,
  userId: string,
  id: string,
  meta: QuoteMeta,
): Promise<void> {
  const row = await requireQuoteRow(db, userId, id);
  await db.transaction(async (tx) => {
    await repo.deleteQuote(tx, userId, row.id);
    await recordActivity(tx, {
      userId,
      action: 'delete_quote',
      details: { quoteId: row.id, title: row.title },
      jobId: row.jobId,
      userAgent: meta.userAgent,
    });
  });
}
