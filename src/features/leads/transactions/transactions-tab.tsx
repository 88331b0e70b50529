import { Download, Plus, Upload, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';

import { EmptyState, buttonClass } from '@/components/ui/page';
import { UndoToast } from '@/components/ui/undo-toast';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLogActivity } from '@/store/activity-logger';

import { TransactionFilterBar } from './transaction-filters';
import { TransactionFormDialog } from './transaction-form-dialog';
import { TransactionImportDialog } from './transaction-import-dialog';
import { useTransactionRowActions } from './transaction-row-actions';
import { SyncButton, SyncStatus, useTransactionSync } from './transaction-sync';
import { TransactionSkeleton, TransactionTable } from './transaction-table';
import { TransactionBreakdown, TransactionTotalsStrip } from './transaction-totals';
import {
  useListTransactionsInfiniteQuery,
  useTransactionTotalsQuery,
  useTransactionUpworkConnectionQuery,
} from './transactions.api';
import { useTransactionsExport } from './transactions-export';
import { isFiltered, useTransactionFilters } from './transactions-query';

/** No rows: what the ledger is, and the ways to fill it (a sync only when Upwork is connected). */
function EmptyLedger({
  filtered,
  connected,
  sync,
  onAdd,
  onImport,
}: {
  filtered: boolean;
  connected: boolean;
  sync: ReturnType<typeof useTransactionSync>;
  onAdd: () => void;
  onImport: () => void;
}) {
  if (filtered)
    return (
      <EmptyState
        icon={<Wallet className="size-8" />}
        title="No transactions match"
        description="Change the search, kind, source or dates to see more of the ledger."
      />
    );
  return (
    <EmptyState
      icon={<Wallet className="size-8" />}
      title="No transactions yet"
      description="The ledger keeps the money each client brought: Upwork payments and fees, refunds, expenses and withdrawals. Income linked to a contract shows the lead, response and job it came from."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {connected ? (
            <SyncButton primary onSync={() => void sync.run()} syncing={sync.syncing} />
          ) : null}
          <button type="button" className={buttonClass.secondary} onClick={onAdd}>
            <Plus className="size-4" aria-hidden="true" /> Add transaction
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onImport}>
            <Upload className="size-4" aria-hidden="true" /> Import CSV
          </button>
        </div>
      }
    />
  );
}

/** The Transactions tab of /leads: the ledger, its totals, and sync, add, import and export. */
export function TransactionsTab() {
  const { filters, setParams } = useTransactionFilters();
  const list = useListTransactionsInfiniteQuery(filters);
  const totals = useTransactionTotalsQuery(filters);
  const connection = useTransactionUpworkConnectionQuery();
  const sync = useTransactionSync();
  const csv = useTransactionsExport();
  const actions = useTransactionRowActions();
  const [importing, setImporting] = useState(false);
  const log = useLogActivity();
  // Opening the ledger is a view; searches, filters and exports are logged by the server.
  useEffect(() => {
    log({ action: 'view_transaction', details: { section: 'ledger' } });
  }, [log]);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total;

  const download = async () => {
    actions.setError(null);
    if (!(await csv.download(filters)))
      actions.setError('Could not export the transactions. Try again.');
  };

  return (
    <section aria-labelledby="transactions-heading">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="transactions-heading" className="text-lg font-semibold">
            Transactions
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Money in and out, per client and contract.
            {total !== undefined
              ? ` ${total} ${total === 1 ? 'transaction' : 'transactions'}.`
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <SyncButton onSync={() => void sync.run()} syncing={sync.syncing} />
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setImporting(true)}
          >
            <Upload className="size-4" aria-hidden="true" /> Import CSV
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void download()}
            disabled={csv.exporting}
          >
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => actions.setEditing('new')}
          >
            <Plus className="size-4" aria-hidden="true" /> Add transaction
          </button>
        </div>
      </div>
      <SyncStatus syncing={sync.syncing} outcome={sync.outcome} />
      <TransactionTotalsStrip totals={totals.data} />
      <TransactionBreakdown totals={totals.data} />
      <TransactionFilterBar filters={filters} setParams={setParams} />
      {actions.error ? (
        <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
          {actions.error}
        </p>
      ) : null}
      {list.isLoading ? <TransactionSkeleton /> : null}
      {list.isError && items.length === 0 ? (
        <div
          role="alert"
          className="rounded-lg border border-rose-300 p-4 text-sm dark:border-rose-800"
        >
          {apiErrorMessage(list.error, 'Could not load the transactions.')}{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <EmptyLedger
          filtered={isFiltered(filters)}
          connected={connection.data?.status === 'connected'}
          sync={sync}
          onAdd={() => actions.setEditing('new')}
          onImport={() => setImporting(true)}
        />
      ) : null}
      {items.length > 0 ? (
        <TransactionTable
          items={items}
          onEdit={(transaction) => actions.setEditing(transaction)}
          onDelete={(transaction) => void actions.onDelete(transaction)}
        />
      ) : null}
      {list.hasNextPage ? (
        <div className="mt-3">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
      {actions.editing ? (
        <TransactionFormDialog
          key={actions.editing === 'new' ? 'new' : actions.editing.id}
          open
          transaction={actions.editing === 'new' ? null : actions.editing}
          onClose={() => actions.setEditing(null)}
          onSaved={(message) => {
            actions.setEditing(null);
            actions.notify(message);
          }}
        />
      ) : null}
      {importing ? (
        <TransactionImportDialog
          open
          onClose={() => setImporting(false)}
          onImported={(message) => {
            setImporting(false);
            actions.notify(message);
          }}
        />
      ) : null}
      <UndoToast
        toast={actions.toast}
        onUndo={(id) => void actions.onUndo(id)}
        onClose={actions.closeToast}
      />
    </section>
  );
}

export default TransactionsTab;
