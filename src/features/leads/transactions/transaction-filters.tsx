import { useEffect, useState } from 'react';

import { Field, compactLabelClass } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import {
  TRANSACTION_KINDS,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_SOURCES,
} from '@/contract/transactions';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { SOURCE_LABELS } from './transaction-table';
import type { TransactionFilters } from './transactions.api';
import {
  TRANSACTION_SORT_CHOICES,
  isFiltered,
  isIsoDay,
  type SetTransactionParams,
} from './transactions-query';

/** How long typing must pause before the search runs. */
export const TRANSACTION_SEARCH_DELAY_MS = 300;

/** Search, kind, source, dates and order of the ledger; each change is kept in the address. */
export function TransactionFilterBar({
  filters,
  setParams,
}: {
  filters: TransactionFilters;
  setParams: SetTransactionParams;
}) {
  const [search, setSearch] = useState(filters.q ?? '');
  const settled = useDebouncedValue(search, TRANSACTION_SEARCH_DELAY_MS);
  const current = filters.q ?? '';

  useEffect(() => {
    if (settled.trim() !== current) setParams({ q: settled.trim() || null });
    // Only a settled change of the box writes the address; the address itself is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const sortValue = `${filters.sort ?? 'date'}:${filters.dir ?? 'desc'}`;
  const sortOptions = TRANSACTION_SORT_CHOICES.some((c) => c.value === sortValue)
    ? TRANSACTION_SORT_CHOICES
    : [...TRANSACTION_SORT_CHOICES, { value: sortValue, label: 'Custom order' }];

  const setDay = (key: 'from' | 'to', value: string) =>
    setParams({ [key]: isIsoDay(value) ? value : null });

  return (
    <div className="mb-4 space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div role="search" className="min-w-0 flex-1 basis-56">
          <Field id="transaction-search" label="Search" labelClassName={compactLabelClass}>
            <input
              type="search"
              className={inputClass}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Description, client or contract"
              maxLength={200}
            />
          </Field>
        </div>
        <Select
          id="transaction-filter-kind"
          label="Kind"
          labelClassName={compactLabelClass}
          options={[
            { value: '', label: 'All kinds' },
            ...optionsOf(TRANSACTION_KINDS, TRANSACTION_KIND_LABELS),
          ]}
          value={filters.kind ?? ''}
          onChange={(e) => setParams({ kind: e.target.value || null })}
        />
        <Select
          id="transaction-filter-source"
          label="Source"
          labelClassName={compactLabelClass}
          options={[
            { value: '', label: 'All sources' },
            ...optionsOf(TRANSACTION_SOURCES, SOURCE_LABELS),
          ]}
          value={filters.source ?? ''}
          onChange={(e) => setParams({ source: e.target.value || null })}
        />
        <Field id="transaction-filter-from" label="From" labelClassName={compactLabelClass}>
          <input
            type="date"
            className={inputClass}
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => setDay('from', e.target.value)}
          />
        </Field>
        <Field id="transaction-filter-to" label="To" labelClassName={compactLabelClass}>
          <input
            type="date"
            className={inputClass}
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => setDay('to', e.target.value)}
          />
        </Field>
        <Select
          id="transaction-sort"
          label="Sort by"
          labelClassName={compactLabelClass}
          options={sortOptions}
          value={sortValue}
          onChange={(e) => {
            const [sort = 'date', dir = 'desc'] = e.target.value.split(':');
            setParams({ sort, dir });
          }}
        />
      </div>
      {filters.leadId || isFiltered(filters) ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {filters.leadId ? <span>Showing one lead’s transactions.</span> : null}
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => {
              setSearch('');
              setParams({ q: null, kind: null, source: null, leadId: null, from: null, to: null });
            }}
          >
            Clear filters
          </button>
        </div>
      ) : null}
    </div>
  );
}
