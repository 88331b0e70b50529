import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import type { JobFilters } from '@/contract/jobs';

import type { SetFilters } from './filter-change';

type Props = {
  filters: JobFilters;
  onSearch: (q: string | undefined) => void;
  set: SetFilters;
};

/** The search box (with AND, OR, NOT and "quotes") and the sort order. */
export function JobSearchForm({ filters, onSearch, set }: Props) {
  const [q, setQ] = useState(filters.q ?? '');
  const [qFromUrl, setQFromUrl] = useState(filters.q ?? '');
  // Loading a saved search changes the URL: the box follows it.
  if ((filters.q ?? '') !== qFromUrl) {
    setQFromUrl(filters.q ?? '');
    setQ(filters.q ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim() || undefined);
  };

  return (
    <>
      <form role="search" onSubmit={submit} className="flex flex-wrap gap-2">
        <label htmlFor="job-search" className="sr-only">
          Search jobs
        </label>
        <input
          id="job-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder='react AND (node OR deno) NOT wordpress "design system"'
          maxLength={300}
          className={`${inputClass} min-w-0 flex-1 basis-full sm:basis-0`}
          aria-describedby="job-search-hint"
        />
        <button type="submit" className={buttonClass.primary}>
          <Search className="size-4" aria-hidden="true" />
          Search
        </button>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-slate-700 dark:text-slate-300">Sort</span>
          <select
            value={filters.sort ?? 'newest'}
            onChange={(event) => set({ sort: event.target.value as JobFilters['sort'] })}
            className={inputClass}
          >
            <option value="newest">Newest</option>
            <option value="fit">Best fit</option>
            <option value="budget">Budget</option>
          </select>
        </label>
      </form>
      <p id="job-search-hint" className="text-xs text-slate-500 dark:text-slate-400">
        Use AND, OR, NOT (or a minus) and &quot;quotes&quot; for exact phrases.
      </p>
    </>
  );
}
