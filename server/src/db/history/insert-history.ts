import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { KeyRing } from '../../crypto.ts';
import { hashShareToken, newShareToken, sealShareToken } from '../../share-tokens.ts';
import type { Database } from '../client.ts';
import { jobs } from '../schema/jobs.ts';
import { clients, contracts, leadEvents, leadLinks, leads } from '../schema/leads.ts';
import { messageRooms, messages } from '../schema/messages.ts';
import { portfolioItems } from '../schema/portfolio.ts';
import {
  quoteShares,
  quoteSignatures,
  quoteStatusEvents,
  quoteViews,
  quotes,
} from '../schema/quotes.ts';
import { responseCitations, responseStatusEvents, responses } from '../schema/responses.ts';
import { templates } from '../schema/templates.ts';
import { transactions } from '../schema/transactions.ts';
import { HISTORY_TABLES, type HistoryRows, type HistoryTable } from './history-rows.ts';

/** Rows per insert statement. */
const MAX_ROWS_PER_STATEMENT = 1_000;

const TABLES: Record<HistoryTable, PgTable> = {
  templates,
  portfolioItems,
  jobs,
  responses,
  responseStatusEvents,
  responseCitations,
  leads,
  leadEvents,
  leadLinks,
  clients,
  contracts,
  quotes,
  quoteStatusEvents,
  quoteShares,
  quoteViews,
  quoteSignatures,
  transactions,
  messageRooms,
  messages,
};

export type InsertHistoryOptions = {
  /** Seals each share link's token, as the share service does. */
  encryptionKey: KeyRing;
};

/**
 * Writes a generated history in one transaction, table by table in foreign-key order, up to 1,000
 * rows a statement. Each statement sends its rows as one JSON parameter that PostgreSQL expands
 * with json_populate_recordset: building a statement of tens of thousands of parameters costs more
 * than running it. Rows that leave the same columns out go together, so a column a row does not
 * set takes the table's default. Every share link gets a fresh random token (only its hash and its
 * sealed form are stored), so a seeded link is as hard to guess as one the user made.
 */
export async function insertHistory(
  db: Database,
  rows: HistoryRows,
  options: InsertHistoryOptions,
): Promise<void> {
  const shares = rows.quoteShares.map((share) => {
    const token = newShareToken();
    return {
      ...share,
      tokenHash: hashShareToken(token),
      tokenEncrypted: sealShareToken(token, options.encryptionKey),
    };
  });
  await db.transaction(async (tx) => {
    for (const name of HISTORY_TABLES) {
      const table = TABLES[name];
      const values: Array<Record<string, unknown>> = name === 'quoteShares' ? shares : rows[name];
      const columnNames = new Map(
        Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]),
      );
      for (const group of byColumnsSet(values).values()) {
        for (let from = 0; from < group.length; from += MAX_ROWS_PER_STATEMENT) {
          const chunk = group.slice(from, from + MAX_ROWS_PER_STATEMENT);
          const keys = Object.keys(chunk[0] ?? {}).filter(
            (key) => columnNames.has(key) && chunk[0]?.[key] !== undefined,
          );
          const records = chunk.map((row) =>
            Object.fromEntries(keys.map((key) => [columnNames.get(key), row[key]])),
          );
          const columns = sql.join(
            keys.map((key) => sql.identifier(columnNames.get(key) ?? key)),
            sql`, `,
          );
          await tx.execute(
            sql`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
          );
        }
      }
    }
  });
}

/** Rows grouped by the columns they set (undefined counts as not set). */
function byColumnsSet(
  values: Array<Record<string, unknown>>,
): Map<string, Array<Record<string, unknown>>> {
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const row of values) {
    const signature = Object.keys(row)
      .filter((key) => row[key] !== undefined)
      .sort()
      .join(',');
    const group = groups.get(signature);
    if (group) group.push(row);
    else groups.set(signature, [row]);
  }
  return groups;
}
