import {
  TRANSACTION_IMPORT_PREVIEW_ROWS,
  type TransactionImportResult,
} from '#contract/transactions';

import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { readTransactionsCsv, type CsvTransaction } from './csv-rows.ts';
import * as repo from './repo.ts';
import type { TransactionMeta } from './service.ts';

/**
 * CSV import: the file is read, each row checked (errors with their line numbers), rows that
 * repeat a transaction already in the ledger or an earlier row of the file are set aside as
 * duplicates (the same external id, or the same day, amount, kind and description), and the rest
 * is previewed (dryRun) or written in one database transaction (source csv).
 */

const sameKey = (row: {
  occurredOn: string;
  amountMinor: number;
  kind: string;
  description: string;
}) =>
  JSON.stringify([row.occurredOn, row.amountMinor, row.kind, row.description.trim().toLowerCase()]);

async function findDuplicates(
  db: Database,
  userId: string,
  rows: CsvTransaction[],
): Promise<{ fresh: CsvTransaction[]; duplicates: TransactionImportResult['duplicates'] }> {
  const externalIds = [...new Set(rows.flatMap((row) => (row.externalId ? [row.externalId] : [])))];
  const days = [...new Set(rows.map((row) => row.date))];
  const existing = await repo.rowsForDuplicateCheck(db, userId, externalIds, days);
  const knownIds = new Set(existing.flatMap((row) => (row.externalId ? [row.externalId] : [])));
  const knownKeys = new Set(existing.map(sameKey));
  const fileIds = new Map<string, number>();
  const fileKeys = new Map<string, number>();
  const fresh: CsvTransaction[] = [];
  const duplicates: TransactionImportResult['duplicates'] = [];
  for (const row of rows) {
    const key = sameKey({ ...row, occurredOn: row.date });
    const earlierId = row.externalId ? fileIds.get(row.externalId) : undefined;
    const earlierKey = fileKeys.get(key);
    if (row.externalId && knownIds.has(row.externalId)) {
      duplicates.push({
        line: row.line,
        reason: `A transaction with external id ${row.externalId.slice(0, 60)} is already in the ledger`,
      });
    } else if (knownKeys.has(key)) {
      duplicates.push({
        line: row.line,
        reason:
          'A transaction with the same date, amount, kind and description is already in the ledger',
      });
    } else if (earlierId !== undefined) {
      duplicates.push({ line: row.line, reason: `Same external id as line ${earlierId}` });
    } else if (earlierKey !== undefined) {
      duplicates.push({
        line: row.line,
        reason: `Same date, amount, kind and description as line ${earlierKey}`,
      });
    } else {
      fresh.push(row);
      if (row.externalId) fileIds.set(row.externalId, row.line);
      fileKeys.set(key, row.line);
    }
  }
  return { fresh, duplicates };
}

export async function importTransactionsCsv(
  db: Database,
  userId: string,
  body: { csv: string; dryRun: boolean },
  meta: TransactionMeta,
): Promise<TransactionImportResult> {
  const read = readTransactionsCsv(body.csv);
  if (read.fileErrors.length > 0) {
    throw new HttpError(400, 'validation_failed', read.fileErrors.join('; '));
  }
  const { fresh, duplicates } = await findDuplicates(db, userId, read.valid);
  let imported = 0;
  if (!body.dryRun && fresh.length > 0) {
    imported = await db.transaction(async (tx) => {
      const count = await repo.insertRows(
        tx,
        fresh.map((row) => ({
          userId,
          kind: row.kind,
          amountMinor: row.amountMinor,
          currency: row.currency,
          occurredOn: row.date,
          description: row.description,
          counterparty: row.client,
          source: 'csv' as const,
          externalId: row.externalId,
        })),
      );
      await recordActivity(tx, {
        userId,
        action: 'create_transaction',
        details: {
          source: 'csv',
          imported: count,
          duplicates: duplicates.length,
          errors: read.errors.length,
        },
        userAgent: meta.userAgent,
      });
      return count;
    });
  }
  return {
    dryRun: body.dryRun,
    rows: read.rows,
    valid: fresh.length,
    imported,
    errors: read.errors,
    duplicates,
    preview: fresh.slice(0, TRANSACTION_IMPORT_PREVIEW_ROWS).map((row) => ({
      line: row.line,
      date: row.date,
      kind: row.kind,
      amountMinor: row.amountMinor,
      currency: row.currency,
      description: row.description,
      client: row.client,
    })),
  };
}
