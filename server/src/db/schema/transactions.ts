import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { TransactionKind, TransactionSource } from '#contract/transactions';

import { id, timestamps } from './columns.ts';
import { clients, contracts, leads } from './leads.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The ledger. Amounts are positive minor units; the kind says which way the money went. Upwork
 * rows are upserted by (user, source, external id), so a second sync writes nothing.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TransactionKind>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    /** The client's name as the source wrote it (Upwork's assignment company, a CSV column). */
    counterparty: text('counterparty').notNull().default(''),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    source: text('source').$type<TransactionSource>().notNull(),
    externalId: text('external_id'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce("description", '') || ' ' || coalesce("counterparty", ''))`,
    ),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('transactions_user_source_external_key')
      .on(table.userId, table.source, table.externalId)
      .where(sql`"external_id" is not null`),
    index('transactions_user_date_idx').on(table.userId, table.occurredOn.desc(), table.id.desc()),
    index('transactions_contract_idx').on(table.contractId),
    index('transactions_lead_idx').on(table.leadId),
    index('transactions_search_idx').using('gin', table.search),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

/** How far the Upwork transaction history has been read, per user (the incremental sync's cursor). */
export const transactionSyncState = pgTable('transaction_sync_state', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The last day fully read (yyyy-mm-dd); the next sync starts a few days before it. */
  syncedThrough: date('synced_through', { mode: 'string' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  ...timestamps(),
});
