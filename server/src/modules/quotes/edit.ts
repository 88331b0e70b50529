import type { Quote, QuoteVersion } from '#contract/quotes-api';
import type { QuoteDocument } from '#contract/quotes';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { QuoteRow } from '../../db/schema/quotes.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import * as repo from './repo.ts';
import {
  changeQuoteStatus,
  documentColumns,
  getQuoteView,
  requireQuoteRow,
  type QuoteMeta,
} from './service.ts';
import { refuseQuoteMarkers } from './markers.ts';
import { isLocked, toVersion } from './view.ts';

type KeyConfig = Pick<Config, 'encryptionKey'>;

/** Saves within this long of the last edited version update it instead of adding one. */
export const EDIT_COALESCE_MS = 2 * 60_000;

function refuseLocked(row: QuoteRow): void {
  if (isLocked(row)) {
    throw new HttpError(
      409,
      'quote_locked',
      'This quote was accepted, so it can no longer change. Duplicate it to make a new draft.',
    );
  }
}

/**
 * Autosave: the whole document, refused when another tab saved since `baseVersion` or when the
 * client has accepted the quote. The status is not the editor's to set: the row's status is kept.
 * Rapid saves fold into one 'edited' version (and one edit_quote entry) per two minutes.
 */
export async function saveQuote(
  db: Database,
  config: KeyConfig,
  userId: string,
  id: string,
  body: { document: QuoteDocument; baseVersion: number },
  meta: QuoteMeta,
): Promise<Quote> {
  const row = await requireQuoteRow(db, userId, id);
  refuseLocked(row);
  if (body.baseVersion !== row.version) throw versionConflict();
  const document: QuoteDocument = { ...body.document, status: row.status };
  const columns = documentColumns(document);
  const now = new Date();
  await db.transaction(async (tx) => {
    const saved = await repo.updateQuoteAtVersion(tx, row, body.baseVersion, {
      ...columns,
      document,
      version: row.version + 1,
    });
    if (!saved) throw versionConflict();
    const last = await repo.latestVersion(tx, row.id);
    const coalesce =
      last?.source === 'edited' && now.getTime() - last.createdAt.getTime() < EDIT_COALESCE_MS;
    if (last && coalesce) {
      await repo.updateVersion(tx, last.id, { document, totalMinor: columns.totalMinor });
      return;
    }
    await repo.insertVersion(tx, row, {
      number: (last?.number ?? 0) + 1,
      source: 'edited',
      document,
      totalMinor: columns.totalMinor,
    });
    await recordActivity(tx, {
      userId,
      action: 'edit_quote',
      details: { quoteId: row.id, title: document.title },
      jobId: row.jobId,
      userAgent: meta.userAgent,
    });
  });
  return getQuoteView(db, config, userId, id);
}

function versionConflict(): HttpError {
  return new HttpError(
    409,
    'version_conflict',
    'This quote was changed in another tab or window. Reload to see the latest version.',
  );
}

export async function listQuoteVersions(
  db: Database,
  userId: string,
  id: string,
): Promise<{ items: QuoteVersion[] }> {
  const row = await requireQuoteRow(db, userId, id);
  const versions = await repo.listVersions(db, row.id);
  return { items: versions.map(toVersion) };
}

/** Puts an earlier version's document back as a new 'restored' version (status unchanged). */
export async function restoreQuoteVersion(
  db: Database,
  config: KeyConfig,
  userId: string,
  id: string,
  number: number,
  meta: QuoteMeta,
): Promise<Quote> {
  const row = await requireQuoteRow(db, userId, id);
  refuseLocked(row);
  const version = await repo.findVersion(db, row.id, number);
  if (!version) throw new HttpError(404, 'not_found', 'Version not found');
  const document: QuoteDocument = { ...version.document, status: row.status };
  const columns = documentColumns(document);
  await db.transaction(async (tx) => {
    const saved = await repo.updateQuoteAtVersion(tx, row, row.version, {
      ...columns,
      document,
      version: row.version + 1,
    });
    if (!saved) throw versionConflict();
    const last = await repo.latestVersion(tx, row.id);
    await repo.insertVersion(tx, row, {
      number: (last?.number ?? 0) + 1,
      source: 'restored',
      document,
      totalMinor: columns.totalMinor,
    });
    await recordActivity(tx, {
      userId,
      action: 'edit_quote',
      details: { quoteId: row.id, title: document.title, restoredVersion: number },
      jobId: row.jobId,
      userAgent: meta.userAgent,
    });
  });
  return getQuoteView(db, config, userId, id);
}

/**
 * The owner marks a quote sent (or back to draft). A quote with [Add: …] markers left cannot go
 * out, and one the client has answered keeps its answer.
 */
export async function setQuoteStatus(
  db: Database,
  config: KeyConfig,
  userId: string,
  id: string,
  status: 'draft' | 'sent',
  meta: QuoteMeta,
): Promise<Quote> {
  const row = await requireQuoteRow(db, userId, id);
  if (row.status === 'accepted' || row.status === 'declined') {
    throw new HttpError(
      409,
      'quote_locked',
      `The client has ${row.status} this quote, so its status can no longer change.`,
    );
  }
  // A quote the client has opened was sent already: marking it sent again changes nothing.
  const changes = row.status !== status && !(status === 'sent' && row.status === 'viewed');
  if (!changes) return getQuoteView(db, config, userId, id);
  if (status === 'sent') refuseQuoteMarkers(row.document, 'marking this quote as sent');
  await db.transaction(async (tx) => {
    await changeQuoteStatus(tx, row, status);
    await recordActivity(tx, {
      userId,
      action: 'edit_quote',
      details: { quoteId: row.id, title: row.title, status },
      jobId: row.jobId,
      userAgent: meta.userAgent,
    });
  });
  return getQuoteView(db, config, userId, id);
}
