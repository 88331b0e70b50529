import { ChartColumn, Download, FileText, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { QuoteListItem } from '@/contract/quotes-api';
import { apiErrorMessage } from '@/lib/api-error-message';

import { QuoteListFilterBar } from './quote-list-filters';
import { QuoteListSkeleton, QuoteListTable } from './quote-list-table';
import { QuoteListTotals } from './quote-list-totals';
import {
  useDeleteQuoteMutation,
  useListQuotesInfiniteQuery,
  useQuoteSummaryQuery,
  useSetQuoteStatusMutation,
  type QuoteListFilters,
} from './quotes.api';
import { useQuotesExport } from './quotes-export';
import { useQuoteFilters } from './quotes-query';

const generateLink = (
  <Link to={paths.generateQuotes} className={buttonClass.primary}>
    <Plus className="size-4" aria-hidden="true" /> Generate quote
  </Link>
);

function NoQuotes({ filters }: { filters: QuoteListFilters }) {
  const filtered = Boolean(filters.status || filters.q);
  return (
    <EmptyState
      icon={<FileText className="size-8" />}
      title={filtered ? 'No quotes match' : 'Start with an RFP'}
      description={
        filtered
          ? 'Change the status or the search to see more quotes.'
          : 'No quotes yet. Paste or upload an RFP and Bidwright drafts a priced quote in seconds.'
      }
      action={generateLink}
    />
  );
}

/** Delete with a confirmation, and mark sent / back to draft, with their error messages. */
function useRowActions() {
  const [deleteQuote, deleting] = useDeleteQuoteMutation();
  const [setStatus] = useSetQuoteStatusMutation();
  const [pending, setPending] = useState<QuoteListItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    const result = await deleteQuote(pending.id);
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'Could not delete the quote. Try again.'));
    else setError(null);
    setPending(null);
  };
  const changeStatus = async (quote: QuoteListItem, status: 'draft' | 'sent') => {
    setBusyId(quote.id);
    const result = await setStatus({ id: quote.id, status });
    setBusyId(null);
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'Could not change the status. Try again.'));
    else setError(null);
  };
  return {
    pending,
    setPending,
    busyId,
    error,
    setError,
    confirmDelete,
    changeStatus,
    deleting: deleting.isLoading,
  };
}

export default function QuotesPage() {
  const { filters, setParams } = useQuoteFilters();
  const list = useListQuotesInfiniteQuery(filters);
  const summary = useQuoteSummaryQuery();
  const csv = useQuotesExport();
  const actions = useRowActions();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const download = async () => {
    actions.setError(null);
    if (!(await csv.download(filters))) actions.setError('Could not export the quotes. Try again.');
  };

  return (
    <>
      <PageHeader
        title="Quotes"
        description="Detailed quotes for RFPs and larger projects, and where each one stands."
        actions={
          <>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void download()}
              disabled={csv.exporting}
            >
              <Download className="size-4" aria-hidden="true" /> Export CSV
            </button>
            <Link to={paths.quoteAnalytics} className={buttonClass.secondary}>
              <ChartColumn className="size-4" aria-hidden="true" /> Analytics
            </Link>
            {generateLink}
          </>
        }
      />
      <QuoteListTotals
        summary={summary.data}
        active={filters.status}
        onChoose={(status) => setParams({ status })}
      />
      <QuoteListFilterBar filters={filters} setParams={setParams} />
      {actions.error ? (
        <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
          {actions.error}
        </p>
      ) : null}
      {list.isLoading ? <QuoteListSkeleton /> : null}
      {list.isError && items.length === 0 ? (
        <div
          role="alert"
          className="rounded-lg border border-rose-300 p-4 text-sm dark:border-rose-800"
        >
          {apiErrorMessage(list.error, 'Could not load the quotes.')}{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {list.isSuccess && items.length === 0 ? <NoQuotes filters={filters} /> : null}
      {items.length > 0 ? (
        <QuoteListTable
          items={items}
          busyId={actions.busyId}
          onDelete={actions.setPending}
          onSetStatus={(quote, status) => void actions.changeStatus(quote, status)}
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
      <ConfirmDialog
        open={actions.pending !== null}
        onOpenChange={(open) => {
          if (!open) actions.setPending(null);
        }}
        title={`Delete the quote “${actions.pending?.title ?? ''}”?`}
        description="Its share link stops opening too. This cannot be undone."
        confirmLabel="Delete quote"
        destructive
        busy={actions.deleting}
        onConfirm={() => void actions.confirmDelete()}
      />
    </>
  );
}
