import { useEffect, useRef } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';

import type { JobFilters } from '@/contract/jobs';

import { activeFilterCount, filtersToParams } from './job-filters';
import { useListSavedSearchesQuery, useLoadSavedSearchMutation } from './jobs.api';

/** Arriving from a saved-search notification (/upwork-jobs?saved=<id>): apply its filters once. */
export function useSavedSearchFromLink(
  savedId: string | null,
  filters: JobFilters,
  params: URLSearchParams,
  setParams: SetURLSearchParams,
) {
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
}
