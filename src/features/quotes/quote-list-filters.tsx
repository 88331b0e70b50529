import { useEffect, useState } from 'react';

import { Field, compactLabelClass } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import { QUOTE_STATUSES } from '@/contract/quotes';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import type { QuoteListFilters } from './quotes.api';
import { QUOTE_STATUS_LABELS } from './quotes-format';
import { QUOTE_SORT_CHOICES, type SetQuoteParams } from './quotes-query';

/** How long typing must pause before the search runs. */
export const QUOTE_SEARCH_DELAY_MS = 300;

/** Status, search and sort of the quotes list; each change is kept in the address. */
export function QuoteListFilterBar({
  filters,
  setParams,
}: {
  filters: QuoteListFilters;
  setParams: SetQuoteParams;
}) {
  const [search, setSearch] = useState(filters.q ?? '');
  const settled = useDebouncedValue(search, QUOTE_SEARCH_DELAY_MS);
  const current = filters.q ?? '';

  useEffect(() => {
    if (settled.trim() !== current) setParams({ q: settled.trim() || null });
    // Only a settled change of the box writes the address; the address itself is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const sortValue = `${filters.sort ?? 'updated'}:${filters.dir ?? 'desc'}`;
  const sortOptions = QUOTE_SORT_CHOICES.some((c) => c.value === sortValue)
    ? QUOTE_SORT_CHOICES
    : [...QUOTE_SORT_CHOICES, { value: sortValue, label: 'Custom order' }];

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div role="search" className="min-w-0 flex-1 basis-60">
        <Field id="quote-search" label="Search" labelClassName={compactLabelClass}>
          <input
            type="search"
            className={inputClass}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Title, client or text"
            maxLength={200}
          />
        </Field>
      </div>
      <Select
        id="quote-filter-status"
        label="Status"
        labelClassName={compactLabelClass}
        options={[
          { value: '', label: 'All statuses' },
          ...optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS),
        ]}
        value={filters.status ?? ''}
        onChange={(e) => setParams({ status: e.target.value || null })}
      />
      <Select
        id="quote-sort"
        label="Sort by"
        labelClassName={compactLabelClass}
        options={sortOptions}
        value={sortValue}
        onChange={(e) => {
          const [sort = 'updated', dir = 'desc'] = e.target.value.split(':');
          setParams({ sort, dir });
        }}
      />
    </div>
  );
}
