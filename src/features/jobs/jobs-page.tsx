import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page';

import { AddJobsPanel } from './add-jobs-panel';
import { JobDetail } from './job-detail';
import { JobFeed } from './job-feed';
import { activeFilterCount, filtersFromParams } from './job-filters';
import { JobFiltersBar } from './job-filters-bar';
import {
  useGetUpworkConnectionQuery,
  useListJobsInfiniteQuery,
  useSyncUpworkJobsMutation,
} from './jobs.api';
import { JobsPageActions } from './jobs-page-actions';
import { JobsPageNotices } from './jobs-page-notices';
import { SavedSearchesBar } from './saved-searches-bar';
import { useJobsPageNavigation } from './use-jobs-page-navigation';
import { useSavedSearchFromLink } from './use-saved-search-from-link';
import { useUpworkAutoSync } from './use-upwork-auto-sync';

/** /upwork-jobs: the job feed, search, saved searches and scoring. */
export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const selectedId = params.get('job');
  const savedId = params.get('saved');
  const [adding, setAdding] = useState(false);

  const connection = useGetUpworkConnectionQuery();
  const [sync, syncing] = useSyncUpworkJobsMutation();
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
            adding={adding}
            onToggleAdding={() => setAdding((open) => !open)}
          />
        }
      />
      <JobsPageNotices connection={connection.data} syncError={syncing.error} />
      {adding ? (
        <div className="mb-4">
          <AddJobsPanel
            onClose={() => setAdding(false)}
            onSaved={(job) => {
              setAdding(false);
              select(job);
            }}
          />
        </div>
      ) : null}
      <div className="mb-4 space-y-4">
        <JobFiltersBar filters={filters} onChange={setFilters} />
        <SavedSearchesBar filters={filters} activeId={savedId} onLoad={loadSaved} />
      </div>
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
            onAdd={() => setAdding(true)}
            onClearFilters={() => setFilters({}, 'filter')}
            selectedId={selectedId}
            onSelect={select}
            listKey={listKey}
          />
        </div>
        {selectedId ? (
          <div className="min-w-0 lg:sticky lg:top-4 lg:max-h-[80vh] lg:overflow-auto">
            <JobDetail jobId={selectedId} onClose={closeDetail} />
          </div>
        ) : null}
      </div>
    </>
  );
}
