import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { JobFilters } from '@/contract/jobs';

import type { FilterChangeReason, SetFilters } from './filter-change';
import { activeFilterCount } from './job-filters';
import { JobMoreFilters } from './job-more-filters';
import { JobQuickFilters } from './job-quick-filters';
import { JobSearchForm } from './job-search-form';

type Props = {
  filters: JobFilters;
  onChange: (next: JobFilters, reason: FilterChangeReason) => void;
};

/**
 * Search words (with AND, OR, NOT and "quotes"), sort, and filters. Every change lands in the URL.
 * On small screens the filters fold behind a "Filters" button that says how many are set, so
 * the list starts on the first screen.
 */
export function JobFiltersBar({ filters, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = activeFilterCount(filters);
  const set: SetFilters = (patch, reason = 'filter') => onChange({ ...filters, ...patch }, reason);
  const clear = () =>
    onChange(
      {
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.sort ? { sort: filters.sort } : {}),
      },
      'filter',
    );

  return (
    <div className="space-y-3">
      <JobSearchForm
        filters={filters}
        set={set}
        onSearch={(q) => onChange({ ...filters, q }, 'search')}
      />
      <button
        type="button"
        className={`${buttonClass.secondary} lg:hidden`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters{count > 0 ? ` (${count} set)` : ''}
      </button>
      <div id={panelId} className={open ? 'space-y-3' : 'hidden space-y-3 lg:block'}>
        <JobQuickFilters filters={filters} set={set} />
        <JobMoreFilters filters={filters} set={set} onClear={clear} />
      </div>
    </div>
  );
}
