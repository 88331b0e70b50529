import { Activity as ActivityIcon, Download } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { RouteLoading } from '@/components/ui/loading';
import { buttonClass, EmptyState, PageHeader } from '@/components/ui/page';
import { apiErrorMessage } from '@/lib/api-error-message';

import { useListActivitiesInfiniteQuery } from './activity.api';
import { filtersFromParams, hasFilters, paramsFromFilters, rangeError } from './activity-filters';
import { ActivityFiltersBar } from './activity-filters-bar';
import { ActivityTimeline } from './activity-timeline';
import { useActivityExport } from './use-activity-export';

/** /activity: the signed-in user's own actions, newest first, grouped by day. */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const invalidRange = rangeError(filters) !== null;
  const list = useListActivitiesInfiniteQuery(filters, { skip: invalidRange });
  const entries = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { download, exporting } = useActivityExport();
  const [exportNote, setExportNote] = useState<{ ok: boolean; text: string } | null>(null);

  const exportCsv = async () => {
    setExportNote(null);
    const failure = await download(filters);
    setExportNote(
      failure ? { ok: false, text: failure } : { ok: true, text: 'The CSV file is downloading.' },
    );
  };

  return (
    <>
      <PageHeader
        title="Activity"
        description="A timeline of what you did in Bidwright, newest first."
        actions={
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void exportCsv()}
            disabled={exporting || invalidRange || entries.length === 0}
          >
            <Download className="size-4" aria-hidden="true" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        }
      />
      <div className="mb-4 space-y-2">
        <ActivityFiltersBar
          filters={filters}
          onChange={(next) => setParams(paramsFromFilters(next), { replace: true })}
        />
        {exportNote?.ok ? <FormStatus>{exportNote.text}</FormStatus> : null}
        {exportNote && !exportNote.ok ? <FormAlert>{exportNote.text}</FormAlert> : null}
      </div>
      <ActivityBody
        loading={list.isLoading || (list.isFetching && !isFetchingNextPage && entries.length === 0)}
        error={list.isError && entries.length === 0 ? list.error : null}
        onRetry={() => void list.refetch()}
        filtered={hasFilters(filters)}
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
        skipped={invalidRange}
        empty={entries.length === 0}
      >
        <ActivityTimeline
          entries={entries}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
        />
      </ActivityBody>
    </>
  );
}

type BodyProps = {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  filtered: boolean;
  onClear: () => void;
  skipped: boolean;
  empty: boolean;
  children: ReactNode;
};

/** Loading, failure and the two empty states (nothing logged yet; nothing matches). */
function ActivityBody({
  loading,
  error,
  onRetry,
  filtered,
  onClear,
  skipped,
  empty,
  children,
}: BodyProps) {
  if (skipped) return null;
  if (loading) return <RouteLoading />;
  if (error) {
    return (
      <div
        role="alert"
        className="rounded-xl border border-rose-300 p-4 text-sm dark:border-rose-800"
      >
        <p className="text-rose-700 dark:text-rose-300">
          {apiErrorMessage(error, 'The activity could not be loaded. Check your connection.')}
        </p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (!empty) return <>{children}</>;
  if (filtered) {
    return (
      <EmptyState
        icon={<ActivityIcon className="size-8" />}
        title="No activity matches these filters"
        description="Try another action, a wider date range or fewer words."
        action={
          <button type="button" className={buttonClass.secondary} onClick={onClear}>
            Clear filters
          </button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<ActivityIcon className="size-8" />}
      title="No activity yet…"
      description="Your sign-ins, searches, responses, templates and other actions will be listed here as you use Bidwright."
    />
  );
}
