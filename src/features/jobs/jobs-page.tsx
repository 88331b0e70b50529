import { Briefcase, PlusCircle, RefreshCw, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { EmptyState, PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { Job, JobFilters, SavedSearch } from '@/contract/jobs';
import { useLogActivity } from '@/store/activity-logger';

import { AddJobsPanel } from './add-jobs-panel';
import { JobDetail } from './job-detail';
import { activeFilterCount, filtersFromParams, filtersToParams } from './job-filters';
import { JobFiltersBar } from './job-filters-bar';
import { JobList } from './job-list';
import {
  errorMessage,
  useListSavedSearchesQuery,
  useLoadSavedSearchMutation,
  useGetUpworkConnectionQuery,
  useListJobsInfiniteQuery,
  useSyncUpworkJobsMutation,
} from './jobs.api';
import { SavedSearchesBar } from './saved-searches-bar';

/** Upwork jobs are fetched again when the last sync is older than this (and the page opens). */
const AUTO_SYNC_AFTER_MS = 15 * 60_000;

/** /upwork-jobs: the job feed, search, saved searches and scoring. */
export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const selectedId = params.get('job');
  const savedId = params.get('saved');
  const [adding, setAdding] = useState(false);
  const log = useLogActivity();

  const connection = useGetUpworkConnectionQuery();
  const [sync, syncing] = useSyncUpworkJobsMutation();
  const { sort, ...rest } = filters;
  // RTK Query keys the cache by the serialized arguments, so a new object each render is fine.
  const list = useListJobsInfiniteQuery({ ...rest, sort: sort ?? 'newest', limit: 50 });
  const jobs = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const connected = connection.data?.status === 'connected';
  const autoSynced = useRef(false);
  useEffect(() => {
    if (!connected || autoSynced.current) return;
    const last = connection.data?.lastSyncAt ? Date.parse(connection.data.lastSyncAt) : 0;
    if (Date.now() - last > AUTO_SYNC_AFTER_MS) {
      autoSynced.current = true;
      void sync(filters);
    }
  }, [connected, connection.data?.lastSyncAt, filters, sync]);

  const setFilters = (next: JobFilters, reason: 'search' | 'filter' | 'score') => {
    const nextParams = filtersToParams(next, params);
    nextParams.delete('saved');
    setParams(nextParams);
    if (reason === 'search')
      log({
        action: 'search_jobs',
        details: { q: next.q ?? '', filters: activeFilterCount(next) },
      });
    if (reason === 'score')
      log({
        action: 'filter_jobs_by_score',
        details: { minScore: next.minScore ?? null, verdict: next.verdict ?? null },
      });
    if (connected && reason === 'search') void sync(next);
  };

  const select = (job: Job | { id: string }) => {
    const next = new URLSearchParams(params);
    next.set('job', job.id);
    setParams(next);
  };
  const closeDetail = () => {
    const next = new URLSearchParams(params);
    next.delete('job');
    setParams(next);
  };
  const loadSaved = (search: SavedSearch) => {
    const next = filtersToParams(search.filters, new URLSearchParams());
    next.set('saved', search.id);
    setParams(next);
    if (connected) void sync(search.filters);
  };

  // Arriving from a saved-search notification (/upwork-jobs?saved=<id>): apply its filters once.
  const savedSearches = useListSavedSearchesQuery();
  const [markLoaded] = useLoadSavedSearchMutation();
  const appliedSaved = useRef<string | null>(null);
  useEffect(() => {
    if (!savedId || appliedSaved.current === savedId || activeFilterCount(filters) > 0 || filters.q)
      return;
    const search = savedSearches.data?.find((item) => item.id === savedId);
    if (!search) return;
    appliedSaved.current = savedId;
    void markLoaded(search.id);
    const next = filtersToParams(search.filters, params);
    setParams(next, { replace: true });
  }, [savedId, savedSearches.data, filters, params, setParams, markLoaded]);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const demo = connection.data?.demo === true;
  const notConnected = connection.data?.status !== 'connected';
  const noFilters = !filters.q && activeFilterCount(filters) === 0;
  const listKey = params.toString().replace(/(^|&)job=[^&]*/, '');

  return (
    <>
      <PageHeader
        title="Browse Jobs"
        description="Find the few jobs worth your Connects: every job is scored for fit and worth, with its red flags."
        actions={
          <>
            {connected ? (
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={syncing.isLoading}
                onClick={() => void sync(filters)}
              >
                <RefreshCw
                  className={`size-4 ${syncing.isLoading ? 'animate-spin' : ''}`}
                  aria-hidden="true"
                />
                {syncing.isLoading ? 'Refreshing…' : 'Refresh from Upwork'}
              </button>
            ) : null}
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => setAdding((open) => !open)}
              aria-expanded={adding}
            >
              <PlusCircle className="size-4" aria-hidden="true" />
              Add jobs
            </button>
          </>
        }
      />

      {demo ? (
        <p
          role="note"
          className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100"
        >
          Demo data: Upwork jobs here come from a local sandbox, not from Upwork. Nothing you do is
          sent to Upwork.
        </p>
      ) : null}
      {connection.data?.status === 'needs_reauth' ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {connection.data.lastError ?? 'Upwork needs to be connected again.'}{' '}
          <Link to={paths.settingsAccount} className="font-medium underline">
            Reconnect in Settings
          </Link>
        </p>
      ) : null}
      {syncing.error ? (
        <p role="alert" className="mb-4 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(syncing.error, 'Upwork jobs could not be refreshed.')}
        </p>
      ) : null}

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
          {list.isLoading ? (
            <p role="status" className="p-4 text-sm">
              Loading jobs…
            </p>
          ) : list.error ? (
            <div
              role="alert"
              className="rounded-lg border border-rose-300 p-4 text-sm text-rose-800 dark:border-rose-700 dark:text-rose-200"
            >
              {errorMessage(list.error, 'Jobs could not be loaded.')}{' '}
              <button type="button" className="underline" onClick={() => void list.refetch()}>
                Try again
              </button>
            </div>
          ) : jobs.length === 0 && noFilters && notConnected ? (
            <EmptyState
              icon={<Briefcase className="size-8" />}
              title="Upwork is not connected"
              description="Connect your Upwork account to search its jobs here, or add a job by hand (paste its text) or from a CSV file."
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Link to={paths.settingsAccount} className={buttonClass.primary}>
                    Connect Upwork
                  </Link>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setAdding(true)}
                  >
                    Add a job by hand
                  </button>
                </div>
              }
            />
          ) : jobs.length === 0 ? (
            <EmptyState
              icon={<SearchX className="size-8" />}
              title="No matches"
              description={
                noFilters
                  ? 'No jobs yet. Refresh from Upwork or add a job by hand.'
                  : 'No job matches these words and filters. Loosen a filter or try other words.'
              }
              action={
                noFilters ? undefined : (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setFilters({}, 'filter')}
                  >
                    Clear search and filters
                  </button>
                )
              }
            />
          ) : (
            <>
              <p className="mb-2 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
                {jobs.length}
                {hasNextPage ? '+' : ''} {jobs.length === 1 ? 'job' : 'jobs'}
              </p>
              <JobList
                jobs={jobs}
                selectedId={selectedId}
                onSelect={select}
                hasMore={hasNextPage}
                loadingMore={isFetchingNextPage}
                onLoadMore={loadMore}
                listKey={listKey}
              />
            </>
          )}
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
