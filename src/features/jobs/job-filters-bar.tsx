import type { JobFilters } from '@/contract/jobs';

import type { FilterChangeReason, SetFilters } from './filter-change';
import { JobMoreFilters } from './job-more-filters';
import { JobQuickFilters } from './job-quick-filters';
import { JobSearchForm } from './job-search-form';

type Props = {
  filters: JobFilters;
  onChange: (next: JobFilters, reason: FilterChangeReason) => void;
};

/** Search words (with AND, OR, NOT and "quotes"), sort, and filters. Every change lands in the URL. */
export function JobFiltersBar({ filters, onChange }: Props) {
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
      <JobQuickFilters filters={filters} set={set} />
      <JobMoreFilters filters={filters} set={set} onClear={clear} />
    </div>
  );
}
