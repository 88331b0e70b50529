import type { TransactionKind, TransactionSyncResult } from '#contract/transactions';

import type { NewTransactionRow } from '../../db/schema/transactions.ts';
import type { UpworkTransactionRow } from '../../integrations/upwork/crm-types.ts';
import { HttpError } from '../../http-error.ts';
import type { UserRound } from '../../jobs/job-queue.ts';
import { contractAttributions, contractByUpworkId, contractsOfUser } from '../leads/service.ts';
import {
  connectedUpworkUserIds,
  fetchUpworkTransactions,
  type UpworkDeps,
} from '../upwork/service.ts';
import * as repo from './repo.ts';

/**
 * The Upwork sync: reads the transaction history from a week before the last day read (Upwork
 * back-dates rows) or a year back on the first run, through today. Rows are inserted by
 * (user, 'upwork', Upwork's record id) with ON CONFLICT DO NOTHING, so a second run writes
 * nothing. A row naming an Upwork contract that the user has recorded is linked to it, and so are
 * rows already here that arrived before the contract had its Upwork id.
 */

export type TransactionSyncDeps = UpworkDeps;

/** Upwork back-dates rows by a few days: each sync reads this much before the last day read. */
const OVERLAP_DAYS = 7;
/** The first sync reads this far back. */
const FIRST_SYNC_DAYS = 365;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return dayOf(date);
}

/** Whether any of these words appears in the row's type or subtype (case-insensitive). */
function mentions(row: UpworkTransactionRow, words: string[]): boolean {
  const text = `${row.type} ${row.subtype}`.toLowerCase();
  return words.some((word) => text.includes(word));
}

/**
 * The ledger kind of an Upwork row: service fees are Upwork's fee, refunds and withdrawals are
 * themselves, payments (and any other money received) are income, anything else paid out is an
 * expense.
 */
export function upworkKind(row: UpworkTransactionRow): TransactionKind {
  if (mentions(row, ['service fee', 'upwork fee'])) return 'upwork_fee';
  if (mentions(row, ['refund'])) return 'refund';
  if (mentions(row, ['withdrawal'])) return 'withdrawal';
  if (mentions(row, ['payment', 'hourly', 'fixed', 'milestone', 'bonus'])) return 'income';
  return row.amountMinor > 0 ? 'income' : 'expense';
}

type LocalContract = { contractId: string; clientId: string; leadId: string | null; name: string };

/** The user's contracts for the Upwork contract ids these rows name (one look-up per id). */
async function contractsFor(
  deps: UpworkDeps,
  userId: string,
  upworkIds: string[],
): Promise<Map<string, LocalContract>> {
  const found = new Map<string, LocalContract>();
  for (const upworkId of upworkIds) {
    const contract = await contractByUpworkId(deps.db, userId, upworkId);
    if (contract) {
      found.set(upworkId, {
        contractId: contract.id,
        clientId: contract.clientId,
        leadId: contract.leadId,
        name: '',
      });
    }
  }
  if (found.size > 0) {
    const names = await contractAttributions(
      deps.db,
      userId,
      [...found.values()].map((contract) => contract.contractId),
    );
    for (const contract of found.values()) {
      contract.name = names.get(contract.contractId)?.clientName ?? '';
    }
  }
  return found;
}

/**
 * Where this sync starts: a week before the last day read, or a year back on the first run, or
 * when a contract got its Upwork id after the last run (its earlier payments are read again so
 * they can be linked).
 */
async function rangeStart(deps: UpworkDeps, userId: string, today: string): Promise<string> {
  const state = await repo.syncStateOf(deps.db, userId);
  const firstDay = daysBefore(today, FIRST_SYNC_DAYS);
  if (!state?.syncedThrough || !state.lastRunAt) return firstDay;
  const lastRun = state.lastRunAt;
  const contracts = await contractsOfUser(deps.db, userId);
  const newUpworkContract = contracts.some(
    (contract) => contract.upworkContractId && new Date(contract.createdAt) >= lastRun,
  );
  if (newUpworkContract) return firstDay;
  const start = daysBefore(state.syncedThrough, OVERLAP_DAYS);
  return start < firstDay ? firstDay : start;
}

function toNewRow(
  userId: string,
  row: UpworkTransactionRow,
  contract: LocalContract | undefined,
  fetchedAt: Date,
): NewTransactionRow {
  return {
    userId,
    kind: upworkKind(row),
    amountMinor: Math.abs(row.amountMinor),
    currency: row.currency.toUpperCase(),
    occurredOn: row.date,
    description: row.description.slice(0, 500),
    counterparty: row.companyName || contract?.name || '',
    clientId: contract?.clientId ?? null,
    leadId: contract?.leadId ?? null,
    contractId: contract?.contractId ?? null,
    source: 'upwork',
    externalId: row.recordId,
    fetchedAt,
  };
}

/** Links rows already here (from an earlier sync) to contracts that now carry their Upwork id. */
async function attributeEarlierRows(
  deps: UpworkDeps,
  userId: string,
  rows: UpworkTransactionRow[],
  contracts: Map<string, LocalContract>,
): Promise<number> {
  const byRecord = new Map<string, LocalContract>();
  for (const row of rows) {
    const contract = row.contractId ? contracts.get(row.contractId) : undefined;
    if (contract) byRecord.set(row.recordId, contract);
  }
  if (byRecord.size === 0) return 0;
  const unlinked = await repo.unlinkedUpworkRows(deps.db, userId, [...byRecord.keys()]);
  const idsByContract = new Map<LocalContract, string[]>();
  for (const row of unlinked) {
    const contract = byRecord.get(row.externalId);
    if (!contract) continue;
    const ids = idsByContract.get(contract) ?? [];
    ids.push(row.id);
    idsByContract.set(contract, ids);
  }
  let linked = 0;
  for (const [contract, ids] of idsByContract) {
    linked += await repo.linkRowsToContract(deps.db, userId, ids, {
      contractId: contract.contractId,
      clientId: contract.clientId,
      leadId: contract.leadId,
      counterparty: contract.name,
    });
  }
  return linked;
}

const now = (deps: UpworkDeps) => (deps.now ? deps.now() : new Date());

/** One sync of the user's Upwork transactions into the ledger. */
export async function syncTransactions(
  deps: TransactionSyncDeps,
  userId: string,
): Promise<TransactionSyncResult> {
  const startedAt = now(deps);
  const today = dayOf(startedAt);
  const from = await rangeStart(deps, userId, today);
  let fetched: UpworkTransactionRow[];
  try {
    fetched = await fetchUpworkTransactions(deps, userId, { from, to: today });
  } catch (error) {
    // Without a connection there was no sync to record: the connection says why.
    if (error instanceof HttpError && error.code === 'upwork_not_connected') throw error;
    const message = error instanceof HttpError ? error.message : 'The Upwork sync failed';
    await repo.saveSyncState(deps.db, userId, { lastRunAt: startedAt, lastError: message });
    throw error;
  }
  // One row per record id: Upwork may list a row twice across the overlap of pages.
  const unique = [...new Map(fetched.map((row) => [row.recordId, row])).values()];
  const upworkContractIds = [
    ...new Set(unique.flatMap((row) => (row.contractId ? [row.contractId] : []))),
  ];
  const contracts = await contractsFor(deps, userId, upworkContractIds);
  const written = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertNewExternalRows(
      tx,
      unique.map((row) =>
        toNewRow(
          userId,
          row,
          row.contractId ? contracts.get(row.contractId) : undefined,
          startedAt,
        ),
      ),
    );
    await repo.saveSyncState(tx, userId, {
      syncedThrough: today,
      lastRunAt: startedAt,
      lastError: null,
    });
    return new Set(inserted);
  });
  const linkedOnArrival = unique.filter(
    (row) => written.has(row.recordId) && row.contractId && contracts.has(row.contractId),
  ).length;
  const linkedLater = await attributeEarlierRows(deps, userId, unique, contracts);
  return {
    fetched: fetched.length,
    created: written.size,
    unchanged: unique.length - written.size,
    attributed: linkedOnArrival + linkedLater,
    syncedThrough: today,
  };
}

/**
 * The schedule's round: one job per connected user. A failure is kept as that user's lastError;
 * the queue retries it, then the next round.
 */
export function transactionSyncRound(deps: TransactionSyncDeps): UserRound {
  return {
    users: () => connectedUpworkUserIds(deps.db),
    run: (userId) => syncTransactions(deps, userId),
  };
}
