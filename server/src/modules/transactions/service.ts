import type { CreateTransactionBody, Transaction, TransactionKind } from '#contract/transactions';

import { decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import type { NewTransactionRow, TransactionRow } from '../../db/schema/transactions.ts';
import { HttpError, notFound } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { contractAttributions, requireContract, requireLeadId } from '../leads/service.ts';
import { toTransactions } from './attribution.ts';
import { listCursorSchema } from './list-cursor.ts';
import * as repo from './repo.ts';

/**
 * The ledger: one row per money movement, amounts positive, the kind saying which way it went.
 * Manual and CSV rows are the user's to change; an Upwork row's amount, currency, day and kind
 * are Upwork's, so only its description and its lead and contract links can change.
 */

export { syncTransactions, transactionSyncRound } from './sync.ts';
export type { TransactionSyncDeps } from './sync.ts';

export type TransactionMeta = { userAgent?: string | undefined };

export type TransactionListQuery = repo.TransactionFilter & {
  sort: repo.TransactionSort;
  dir: 'asc' | 'desc';
};

async function requireRow(db: Database, userId: string, id: string): Promise<TransactionRow> {
  const row = await repo.getTransactionRow(db, userId, id);
  if (!row || row.deletedAt) throw notFound('Transaction');
  return row;
}

/** One page of the caller's ledger, the filtered total, and the attribution of its income rows. */
export async function listTransactions(
  db: Database,
  userId: string,
  query: TransactionListQuery & { limit: number; cursor?: string | undefined },
  meta: TransactionMeta,
): Promise<{ items: Transaction[]; nextCursor: string | null; total: number }> {
  const after = query.cursor ? decodeCursor(query.cursor, listCursorSchema(query.sort)) : undefined;
  const rows = await repo.listTransactionRows(
    db,
    userId,
    query,
    { sort: query.sort, dir: query.dir },
    { limit: query.limit + 1, after: after ? { value: after[0], id: after[1] } : undefined },
  );
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows[pageRows.length - 1];
  const [items, total] = await Promise.all([
    toTransactions(db, userId, pageRows),
    repo.countTransactionRows(db, userId, query),
  ]);
  if (!query.cursor) await logListUse(db, userId, query, total, meta);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor([repo.sortValueOf(last, query.sort), last.id])
        : null,
    total,
  };
}

/** A first page asked for with search words or filters is a search or a filter, logged as one. */
async function logListUse(
  db: Database,
  userId: string,
  query: TransactionListQuery,
  total: number,
  meta: TransactionMeta,
): Promise<void> {
  const filters = {
    kind: query.kind,
    source: query.source,
    leadId: query.leadId,
    from: query.from,
    to: query.to,
  };
  const filtered = Object.values(filters).some((value) => value !== undefined);
  if (query.q) {
    await recordActivity(db, {
      userId,
      action: 'search_transaction',
      details: { q: query.q, ...filters, results: total },
      userAgent: meta.userAgent,
    });
  } else if (filtered) {
    await recordActivity(db, {
      userId,
      action: 'filter_transaction',
      details: { ...filters, results: total },
      userAgent: meta.userAgent,
    });
  }
}

/** One transaction of the caller's; logged as view_transaction. */
export async function viewTransaction(
  db: Database,
  userId: string,
  id: string,
  meta: TransactionMeta,
): Promise<Transaction> {
  const row = await requireRow(db, userId, id);
  await recordActivity(db, {
    userId,
    action: 'view_transaction',
    details: { transactionId: row.id, kind: row.kind },
    userAgent: meta.userAgent,
  });
  const [transaction] = await toTransactions(db, userId, [row]);
  return transaction!;
}

type Links = Pick<NewTransactionRow, 'leadId' | 'contractId' | 'clientId' | 'counterparty'>;

/**
 * The links a body asks for, checked against the caller's leads and contracts (another user's id
 * answers 404). A contract brings its client and, when it has one, its lead.
 */
async function resolveLinks(
  db: Database,
  userId: string,
  body: { leadId?: string | null | undefined; contractId?: string | null | undefined },
  current: Links | null,
): Promise<Partial<Links>> {
  const links: Partial<Links> = {};
  if (body.leadId !== undefined) {
    if (body.leadId) await requireLeadId(db, userId, body.leadId);
    links.leadId = body.leadId;
  }
  if (body.contractId !== undefined) {
    links.contractId = body.contractId;
    if (body.contractId) {
      const contract = await requireContract(db, userId, body.contractId);
      const names = await contractAttributions(db, userId, [contract.id]);
      links.clientId = contract.clientId;
      if (contract.leadId) links.leadId = contract.leadId;
      const clientName = names.get(contract.id)?.clientName;
      if (clientName && !current?.counterparty) links.counterparty = clientName;
    } else {
      links.clientId = null;
    }
  }
  return links;
}

/** A transaction the user enters by hand (source manual). */
export async function createTransaction(
  db: Database,
  userId: string,
  body: CreateTransactionBody & {
    kind: TransactionKind;
    amountMinor: number;
    currency: string;
    date: string;
  },
  meta: TransactionMeta,
): Promise<Transaction> {
  const links = await resolveLinks(db, userId, body, null);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertTransactionRow(tx, {
      userId,
      kind: body.kind,
      amountMinor: body.amountMinor,
      currency: body.currency,
      occurredOn: body.date,
      description: body.description ?? '',
      source: 'manual',
      ...links,
    });
    await recordActivity(tx, {
      userId,
      action: 'create_transaction',
      details: {
        transactionId: inserted.id,
        kind: inserted.kind,
        amountMinor: inserted.amountMinor,
        currency: inserted.currency,
        source: 'manual',
      },
      userAgent: meta.userAgent,
    });
    return inserted;
  });
  const [transaction] = await toTransactions(db, userId, [row]);
  return transaction!;
}

export type TransactionChanges = {
  kind?: TransactionKind | undefined;
  amountMinor?: number | undefined;
  currency?: string | undefined;
  date?: string | undefined;
  description?: string | undefined;
  leadId?: string | null | undefined;
  contractId?: string | null | undefined;
};

/** The fields of an Upwork row that Upwork owns, by their names in the API. */
const UPWORK_FIELDS = ['kind', 'amountMinor', 'currency', 'date'] as const;

function upworkFieldsChanged(row: TransactionRow, body: TransactionChanges): string[] {
  const current = {
    kind: row.kind,
    amountMinor: row.amountMinor,
    currency: row.currency,
    date: row.occurredOn,
  };
  return UPWORK_FIELDS.filter(
    (field) => body[field] !== undefined && body[field] !== current[field],
  );
}

/** Changes a transaction; an Upwork row keeps Upwork's amount, currency, day and kind (409). */
export async function updateTransaction(
  db: Database,
  userId: string,
  id: string,
  body: TransactionChanges,
  meta: TransactionMeta,
): Promise<Transaction> {
  const row = await requireRow(db, userId, id);
  if (row.source === 'upwork' && upworkFieldsChanged(row, body).length > 0) {
    throw new HttpError(
      409,
      'conflict',
      'The amount, currency, date and kind of an Upwork transaction come from Upwork and cannot be changed here; you can change its description, lead and contract.',
      { fields: upworkFieldsChanged(row, body) },
    );
  }
  const links = await resolveLinks(db, userId, body, row);
  const values: Partial<NewTransactionRow> = {
    ...(body.kind !== undefined ? { kind: body.kind } : {}),
    ...(body.amountMinor !== undefined ? { amountMinor: body.amountMinor } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.date !== undefined ? { occurredOn: body.date } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...links,
  };
  const updated = await db.transaction(async (tx) => {
    const saved = await repo.updateTransactionRow(tx, userId, row.id, values);
    if (!saved) throw notFound('Transaction');
    await recordActivity(tx, {
      userId,
      action: 'update_transaction',
      details: { transactionId: row.id, fields: Object.keys(body).sort(), source: row.source },
      userAgent: meta.userAgent,
    });
    return saved;
  });
  const [transaction] = await toTransactions(db, userId, [updated]);
  return transaction!;
}

/** Deleting from the list is soft: the row can be restored (undo) until it is purged. */
export async function deleteTransaction(
  db: Database,
  userId: string,
  id: string,
  meta: TransactionMeta,
): Promise<void> {
  const row = await requireRow(db, userId, id);
  await db.transaction(async (tx) => {
    await repo.updateTransactionRow(tx, userId, row.id, { deletedAt: new Date() });
    await recordActivity(tx, {
      userId,
      action: 'delete_transaction',
      details: { transactionId: row.id, kind: row.kind, source: row.source },
      userAgent: meta.userAgent,
    });
  });
}

/** How long a deleted transaction can be restored before it is purged. */
const UNDO_WINDOW_MS = 30 * 86_400_000;

/** Empties the bin of transactions deleted more than 30 days ago. */
export function purgeDeletedTransactions(db: Database, now = new Date()): Promise<number> {
  return repo.purgeDeletedRows(db, new Date(now.getTime() - UNDO_WINDOW_MS));
}

/** Undoes a delete; a row that is not deleted is answered as it is. */
export async function restoreTransaction(
  db: Database,
  userId: string,
  id: string,
  meta: TransactionMeta,
): Promise<Transaction> {
  const row = await repo.getTransactionRow(db, userId, id);
  if (!row) throw notFound('Transaction');
  let current = row;
  if (row.deletedAt) {
    current = await db.transaction(async (tx) => {
      const saved = await repo.updateTransactionRow(tx, userId, row.id, { deletedAt: null });
      if (!saved) throw notFound('Transaction');
      await recordActivity(tx, {
        userId,
        action: 'update_transaction',
        details: { transactionId: row.id, restored: true },
        userAgent: meta.userAgent,
      });
      return saved;
    });
  }
  const [transaction] = await toTransactions(db, userId, [current]);
  return transaction!;
}
