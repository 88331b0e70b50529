import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

import { LEAD_SORTS, LEAD_SOURCES, type LeadSource } from '@/contract/leads';

import type { LeadFilters } from './leads.api';

export type LeadSort = (typeof LEAD_SORTS)[number];
export type LeadsTab = 'pipeline' | 'transactions';
export type LeadsView = 'board' | 'table';

/** Everything /leads keeps in the address, so a reload or a shared link shows the same screen. */
export type LeadsScreenState = {
  tab: LeadsTab;
  view: LeadsView;
  filters: LeadFilters;
  sort: LeadSort;
  dir: 'asc' | 'desc';
  /** The lead whose panel is open. */
  leadId: string | null;
};

const isSource = (value: string | null): value is LeadSource =>
  value !== null && (LEAD_SOURCES as readonly string[]).includes(value);
const isSort = (value: string | null): value is LeadSort =>
  value !== null && (LEAD_SORTS as readonly string[]).includes(value);

/** The screen state from the address; unknown values fall back to the defaults. */
export function readLeadsState(params: URLSearchParams): LeadsScreenState {
  const source = params.get('source');
  const sort = params.get('sort');
  const q = params.get('q')?.trim();
  const tag = params.get('tag')?.trim();
  return {
    tab: params.get('tab') === 'transactions' ? 'transactions' : 'pipeline',
    view: params.get('view') === 'table' ? 'table' : 'board',
    filters: {
      ...(q ? { q } : {}),
      ...(isSource(source) ? { source } : {}),
      ...(tag ? { tag } : {}),
      ...(params.get('due') === 'true' ? { due: 'true' as const } : {}),
    },
    sort: isSort(sort) ? sort : 'updated',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    leadId: params.get('lead'),
  };
}

export type SetLeadsParams = (changes: Record<string, string | null>) => void;

/** The /leads screen state kept in the address, and a setter (null or '' removes a key). */
export function useLeadsState(): { state: LeadsScreenState; setParams: SetLeadsParams } {
  const [params, setSearchParams] = useSearchParams();
  const setParams: SetLeadsParams = useCallback(
    (changes) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { state: readLeadsState(params), setParams };
}

/** True when any filter narrows the leads (the empty state then says so). */
export function isFiltered(filters: LeadFilters): boolean {
  return Boolean(filters.q || filters.source || filters.tag || filters.due === 'true');
}
