import { Send, Trash2, Undo2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { Table, cellClass } from '@/components/ui/table';
import { paths } from '@/config/paths';
import type { QuoteListItem } from '@/contract/quotes-api';

import {
  QUOTE_STATUS_COLORS,
  QUOTE_STATUS_LABELS,
  formatQuoteDate,
  formatQuoteDay,
  formatQuoteMoney,
} from './quotes-format';

export function QuoteStatusBadge({ status }: { status: QuoteListItem['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${QUOTE_STATUS_COLORS[status]}`}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

type RowActions = {
  onDelete: (quote: QuoteListItem) => void;
  onSetStatus: (quote: QuoteListItem, status: 'draft' | 'sent') => void;
  busyId: string | null;
};

/** A draft can be marked sent, and a sent one (not yet seen) put back to draft. */
function StatusAction({
  quote,
  onSetStatus,
  busyId,
}: { quote: QuoteListItem } & Omit<RowActions, 'onDelete'>) {
  if (quote.status !== 'draft' && quote.status !== 'sent') return null;
  const toSent = quote.status === 'draft';
  return (
    <button
      type="button"
      className={buttonClass.ghost}
      disabled={busyId === quote.id}
      onClick={() => onSetStatus(quote, toSent ? 'sent' : 'draft')}
    >
      {toSent ? (
        <Send className="size-4" aria-hidden="true" />
      ) : (
        <Undo2 className="size-4" aria-hidden="true" />
      )}
      <span className="sr-only">
        {toSent ? `Mark ${quote.title} as sent` : `Move ${quote.title} back to draft`}
      </span>
    </button>
  );
}

function QuoteRow({ quote, ...actions }: { quote: QuoteListItem } & RowActions) {
  return (
    <tr>
      <td className={`max-w-xs ${cellClass}`}>
        <Link
          className="font-medium break-words text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          to={`${paths.editQuote}?id=${quote.id}`}
        >
          {quote.title || 'Untitled quote'}
        </Link>
      </td>
      <td className={cellClass}>
        <QuoteStatusBadge status={quote.status} />
      </td>
      <td className={`${cellClass} text-right whitespace-nowrap tabular-nums`}>
        {formatQuoteMoney(quote.totalMinor, quote.currency)}
      </td>
      <td className={cellClass}>{quote.clientName || '—'}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatQuoteDay(quote.validUntil)}</td>
      <td className={`${cellClass} text-right tabular-nums`}>{quote.viewCount}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatQuoteDate(quote.updatedAt)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <StatusAction quote={quote} onSetStatus={actions.onSetStatus} busyId={actions.busyId} />
        <button type="button" className={buttonClass.ghost} onClick={() => actions.onDelete(quote)}>
          <Trash2 className="size-4" aria-hidden="true" />
          <span className="sr-only">Delete {quote.title}</span>
        </button>
      </td>
    </tr>
  );
}

const COLUMNS = [
  ...['Title', 'Status', 'Total', 'Client', 'Valid until', 'Views', 'Updated'].map((label) => ({
    key: label,
    label,
  })),
  { key: 'actions', label: 'Actions', labelHidden: true },
];

/**
 * The loaded quotes, newest pages last. On a narrow screen the table scrolls sideways inside its
 * box; title, status and total come first so a phone shows them without scrolling.
 */
export function QuoteListTable({ items, ...actions }: { items: QuoteListItem[] } & RowActions) {
  return (
    <Table caption="Quotes" columns={COLUMNS} className="min-w-[52rem] w-full">
      {items.map((quote) => (
        <QuoteRow key={quote.id} quote={quote} {...actions} />
      ))}
    </Table>
  );
}

/** Grey bars in the table's shape while the first page loads. */
export function QuoteListSkeleton() {
  return (
    <div role="status" aria-label="Loading quotes" className="space-y-2">
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          className="h-10 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
        />
      ))}
      <span className="sr-only">Loading quotes…</span>
    </div>
  );
}
