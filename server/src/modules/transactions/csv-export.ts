import { minorToMajorString } from '#contract/quote-totals';
import { TRANSACTION_CSV_COLUMNS, TRANSACTION_CSV_MAX_ROWS } from '#contract/transactions';

import { toCsv } from '../../csv.ts';
import type { Database } from '../../db/client.ts';
import { recordActivity } from '../activities/service.ts';
import { contractsOfUser } from '../leads/service.ts';
import * as repo from './repo.ts';
import type { TransactionListQuery, TransactionMeta } from './service.ts';

/**
 * The filtered ledger as CSV, in the list's order: amounts in major units, the columns the import
 * reads (so an export imports back as duplicates, never twice), formula-like cells escaped.
 * Logged as export_transaction.
 */
export async function exportTransactionsCsv(
  db: Database,
  userId: string,
  query: TransactionListQuery,
  meta: TransactionMeta,
): Promise<{ csv: string; count: number }> {
  const [rows, contracts] = await Promise.all([
    repo.listTransactionRows(
      db,
      userId,
      query,
      { sort: query.sort, dir: query.dir },
      { limit: TRANSACTION_CSV_MAX_ROWS },
    ),
    contractsOfUser(db, userId),
  ]);
  const clientNames = new Map(
    contracts.map((contract) => [contract.clientId, contract.clientName]),
  );
  const csv = toCsv(
    rows.map((row) => ({
      date: row.occurredOn,
      kind: row.kind,
      amount: minorToMajorString(row.amountMinor, row.currency),
      currency: row.currency,
      description: row.description,
      client: (row.clientId && clientNames.get(row.clientId)) || row.counterparty,
      external_id: row.externalId,
    })),
    [...TRANSACTION_CSV_COLUMNS],
  );
  await recordActivity(db, {
    userId,
    action: 'export_transaction',
    details: {
      format: 'csv',
      count: rows.length,
      q: query.q,
      kind: query.kind,
      source: query.source,
      leadId: query.leadId,
      from: query.from,
      to: query.to,
    },
    userAgent: meta.userAgent,
  });
  return { csv, count: rows.length };
}
