import type { SetURLSearchParams } from 'react-router-dom';

import type { Job, JobFilters } from '@/contract/jobs';
import type { SavedSearch } from '@/contract/saved-searches';
import { useLogActivity } from '@/store/activity-logger';

import type { FilterChangeReason } from './filter-change';
import { activeFilterCount, filtersToParams } from './job-filters';

type Options = {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  /** Whether Upwork is connected: searches and loaded saved searches then refresh from it. */
  connected: boolean;
  sync: (filters: JobFilters) => unknown;
};

/** The page's moves through the URL: new filters (logged), the open job, a loaded saved search. */
export function useJobsPageNavigation({ params, setParams, connected, sync }: Options) {
  const log = useLogActivity();

  const setFilters = (next: JobFilters, reason: FilterChangeReason) => {
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

  return { setFilters, select, closeDetail, loadSaved };
}
