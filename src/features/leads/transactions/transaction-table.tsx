import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { Table, cellClass } from '@/components/ui/table';
import { paths } from '@/config/paths';
import {
  TRANSACTION_KIND_LABELS,
  TRANSACTION_SIGN,
  type Transaction,
  type TransactionSource,
} from '@/contract/transactions';

import { TransactionAttribution } from './transaction-attribution';
import { AMOUNT_COLORS, DIRECTION_LABELS, formatDay, signedAmount } from './transactions-format';
import { useNarrowLedger } from './use-narrow-screen';

export const SOURCE_LABELS: Record<TransactionSource, string> = {
  upwork: 'Upwork',
  manual: 'Manual',
  csv: 'CSV',
};

const SOURCE_COLORS: Record<TransactionSource, string> = {
  upwork: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  manual: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  csv: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
};

export function SourceBadge({ source }: { source: TransactionSource }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${SOURCE_COLORS[source]}`}
    >
      {SOURCE_LABELS[source]}
    </span>
  );
}

/** The amount with its sign, colour and (for screen readers) the direction in words. */
function Amount({ transaction }: { transaction: Transaction }) {
  const sign = TRANSACTION_SIGN[transaction.kind];
  return (
    <span className={`font-medium whitespace-nowrap tabular-nums ${AMOUNT_COLORS[sign]}`}>
      {signedAmount(transaction.kind, transaction.amountMinor, transaction.currency)}
      <span className="sr-only"> ({DIRECTION_LABELS[sign]})</span>
    </span>
  );
}

const linkClass = 'text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** The client's name, linked to the lead when the row has one. */
function Party({ transaction }: { transaction: Transaction }) {
  const name = transaction.clientName ?? transaction.attribution?.leadName ?? null;
  if (transaction.leadId)
    return (
      <Link className={linkClass} to={`${paths.leads}?lead=${transaction.leadId}`}>
        {name ?? 'Lead'}
      </Link>
    );
  return <>{name ?? '—'}</>;
}

function Description({ transaction }: { transaction: Transaction }) {
  return (
    <>
      <span className="break-words">{transaction.description || '—'}</span>
      <TransactionAttribution attribution={transaction.attribution} />
    </>
  );
}

export type RowActions = {
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
};

function Actions({ transaction, onEdit, onDelete }: { transaction: Transaction } & RowActions) {
  const name = `${TRANSACTION_KIND_LABELS[transaction.kind]} of ${formatDay(transaction.date)}`;
  return (
    <>
      <button type="button" className={buttonClass.ghost} onClick={() => onEdit(transaction)}>
        <Pencil className="size-4" aria-hidden="true" />
        <span className="sr-only">Edit {name}</span>
      </button>
      <button type="button" className={buttonClass.ghost} onClick={() => onDelete(transaction)}>
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sr-only">Delete {name}</span>
      </button>
    </>
  );
}

function TransactionRow({ transaction, ...actions }: { transaction: Transaction } & RowActions) {
  return (
    <tr data-testid="transaction-row">
      <td className={`${cellClass} whitespace-nowrap`}>{formatDay(transaction.date)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {TRANSACTION_KIND_LABELS[transaction.kind]}
      </td>
      <td className={`${cellClass} max-w-md`}>
        <Description transaction={transaction} />
      </td>
      <td className={cellClass}>
        <Party transaction={transaction} />
      </td>
      <td className={cellClass}>{transaction.contractTitle ?? '—'}</td>
      <td className={`${cellClass} text-right`}>
        <Amount transaction={transaction} />
      </td>
      <td className={cellClass}>
        <SourceBadge source={transaction.source} />
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <Actions transaction={transaction} {...actions} />
      </td>
    </tr>
  );
}

const COLUMNS = [
  ...['Date', 'Kind', 'Description', 'Client or lead', 'Contract', 'Amount', 'Source'].map(
    (label) => ({ key: label, label }),
  ),
  { key: 'actions', label: 'Actions', labelHidden: true },
];

/** One transaction as a card, for a phone: amount and kind first, then who and why. */
function TransactionCard({ transaction, ...actions }: { transaction: Transaction } & RowActions) {
  return (
    <li
      data-testid="transaction-row"
      className="rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{TRANSACTION_KIND_LABELS[transaction.kind]}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {formatDay(transaction.date)} · <Party transaction={transaction} />
          </p>
        </div>
        <Amount transaction={transaction} />
      </div>
      <div className="mt-2">
        <Description transaction={transaction} />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <SourceBadge source={transaction.source} />
          {transaction.contractTitle ? <span>Contract: {transaction.contractTitle}</span> : null}
        </div>
        <div>
          <Actions transaction={transaction} {...actions} />
        </div>
      </div>
    </li>
  );
}

/** The loaded transactions: a table, or cards on a phone-sized screen. */
export function TransactionTable({ items, ...actions }: { items: Transaction[] } & RowActions) {
  const narrow = useNarrowLedger();
  if (narrow)
    return (
      <ul aria-label="Transactions" className="space-y-2">
        {items.map((transaction) => (
          <TransactionCard key={transaction.id} transaction={transaction} {...actions} />
        ))}
      </ul>
    );
  return (
    <Table caption="Transactions" columns={COLUMNS} className="w-full min-w-[56rem]">
      {items.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} {...actions} />
      ))}
    </Table>
  );
}

/** Grey bars in the table's shape while the first page loads. */
export function TransactionSkeleton() {
  return (
    <div role="status" aria-label="Loading transactions" className="space-y-2">
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          className="h-10 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
        />
      ))}
      <span className="sr-only">Loading transactions…</span>
    </div>
  );
}
