import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page';

import { AddJobsPanel } from './add-jobs-panel';
import { JobDetailPlacement } from './job-detail-placement';
import { JobFeed } from './job-feed';
import { activeFilterCount, filtersFromParams } from './job-filters';
import { JobFiltersBar } from './job-filters-bar';
import {
  errorMessage,
  useGetUpworkConnectionQuery,
  useListJobsInfiniteQuery,
  useSyncUpworkJobsMutation,
  useUpdateJobMutation,
} from './jobs.api';
import { JobsPageActions } from './jobs-page-actions';
import { JobsPageNotices } from './jobs-page-notices';
import { SavedSearchesBar } from './saved-searches-bar';
import { useAddJobsPanel } from './use-add-jobs-panel';
import { useJobsPageEscape } from './use-jobs-page-escape';
import { useJobsPageNavigation } from './use-jobs-page-navigation';
import { useSavedSearchFromLink } from './use-saved-search-from-link';
import { useUpworkAutoSync } from './use-upwork-auto-sync';

/** /upwork-jobs: the job feed, search, saved searches and scoring. */
export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const selectedId = params.get('job');
  const savedId = params.get('saved');
  const adding = useAddJobsPanel();

  const connection = useGetUpworkConnectionQuery();
  const [sync, syncing] = useSyncUpworkJobsMutation();
  const [updateJob, unhiding] = useUpdateJobMutation();
  const { sort, ...rest } = filters;
  // RTK Query keys the cache by the serialized arguments, so a new object each render is fine.
  const list = useListJobsInfiniteQuery({ ...rest, sort: sort ?? 'newest', limit: 50 });
  const jobs = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const connected = connection.data?.status === 'connected';
  useUpworkAutoSync(connection.data, filters, sync);
  const { setFilters, select, closeDetail, loadSaved } = useJobsPageNavigation({
    params,
    setParams,
    connected,
    sync,
  });
  useSavedSearchFromLink(savedId, filters, params, setParams);
  useJobsPageEscape({
    selectedId,
    closeDetail,
    addingOpen: adding.open,
    closeAdding: adding.closeAndRefocus,
  });

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const listKey = params.toString().replace(/(^|&)job=[^&]*/, '');

  return (
    <>
      <PageHeader
        title="Browse Jobs"
        description="Find the few jobs worth your Connects: every job is scored for fit and worth, with its red flags."
        actions={
          <JobsPageActions
            connected={connected}
            syncing={syncing.isLoading}
            onRefresh={() => void sync(filters)}
            adding={adding.open}
            onToggleAdding={adding.toggle}
          />
        }
      />
      <JobsPageNotices connection={connection.data} syncError={syncing.error} />
      {adding.mounted ? (
        <div className="mb-4" hidden={!adding.open} data-add-jobs-panel="">
          <AddJobsPanel
            key={adding.generation}
            onClose={adding.closeAndRefocus}
            onSaved={(job) => {
              adding.saved();
              select(job);
            }}
          />
        </div>
      ) : null}
      <div className="mb-4 space-y-4">
        <JobFiltersBar filters={filters} onChange={setFilters} />
        <SavedSearchesBar filters={filters} activeId={savedId} onLoad={loadSaved} />
      </div>
      {unhiding.error ? (
        <p role="alert" className="mb-2 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(unhiding.error, 'The job could not be unhidden.')}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div className="min-w-0">
          <JobFeed
            jobs={jobs}
            isLoading={list.isLoading}
            error={list.error}
            onRetry={() => void list.refetch()}
            hasMore={hasNextPage}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
            noFilters={!filters.q && activeFilterCount(filters) === 0}
            notConnected={connection.data?.status !== 'connected'}
            onAdd={adding.show}
            onClearFilters={() => setFilters({}, 'filter')}
            selectedId={selectedId}
            onSelect={select}
            listKey={listKey}
            onUnhide={(job) => void updateJob({ id: job.id, body: { hidden: false } })}
            unhidingId={unhiding.isLoading ? (unhiding.originalArgs?.id ?? null) : null}
          />
        </div>
        {selectedId ? <JobDetailPlacement jobId={selectedId} onClose={closeDetail} /> : null}
      </div>
    </>
  );
}
