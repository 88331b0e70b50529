import { useState, type FormEvent } from 'react';

import { Field } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import {
  RESPONSE_SORTS,
  RESPONSE_STATUSES,
  VARIANTS,
  type ListResponsesQuery,
} from '@/contract/responses';

import { STATUS_LABELS } from './response-ui';
import { SORT_LABELS, type SetResponsesParam } from './responses-query';

const ALL = { value: '', label: 'All' };

/** Search, filters and sort of the responses list; each change is kept in the address. */
export function ResponseFilters({
  query,
  setParam,
}: {
  query: ListResponsesQuery;
  setParam: SetResponsesParam;
}) {
  const [search, setSearch] = useState(query.q ?? '');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParam({ q: search.trim() || null });
  };
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <form onSubmit={onSearch} role="search" className="flex items-end gap-2">
        <Field id="response-search" label="Search">
          <input
            type="search"
            className={inputClass}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Job title or text"
          />
        </Field>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </form>
      <Select
        id="filter-status"
        label="Status"
        options={[ALL, ...optionsOf(RESPONSE_STATUSES, STATUS_LABELS)]}
        value={query.status ?? ''}
        onChange={(e) => setParam({ status: e.target.value || null })}
      />
      <Select
        id="filter-variant"
        label="Variant"
        options={[ALL, ...VARIANTS.map((v) => ({ value: v, label: v }))]}
        value={query.variant ?? ''}
        onChange={(e) => setParam({ variant: e.target.value || null })}
      />
      <Select
        id="sort"
        label="Sort by"
        options={optionsOf(RESPONSE_SORTS, SORT_LABELS)}
        value={query.sort}
        onChange={(e) => setParam({ sort: e.target.value })}
      />
      <Select
        id="order"
        label="Order"
        options={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        value={query.order}
        onChange={(e) => setParam({ order: e.target.value })}
      />
    </div>
  );
}
