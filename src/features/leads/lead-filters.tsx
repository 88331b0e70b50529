import { KanbanSquare, Table2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';

import { Field, compactLabelClass } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import { LEAD_SOURCES } from '@/contract/leads';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useLeadTagsQuery } from './leads.api';
import { LEAD_SOURCE_LABELS } from './leads-format';
import type { LeadsScreenState, SetLeadsParams } from './leads-query';

/** How long typing must pause before the search runs. */
export const LEAD_SEARCH_DELAY_MS = 300;

const switchButton = (active: boolean) =>
  `inline-flex items-center gap-1.5 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    active
      ? 'bg-indigo-600 text-white'
      : 'bg-white text-slate-800 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700'
  }`;

/** Board or Table: the same leads, two ways. */
function ViewSwitch({
  view,
  setParams,
}: Pick<Props, 'setParams'> & { view: LeadsScreenState['view'] }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex overflow-hidden rounded-lg border border-slate-300 shadow-sm dark:border-slate-600"
    >
      <button
        type="button"
        aria-pressed={view === 'board'}
        className={switchButton(view === 'board')}
        onClick={() => setParams({ view: null })}
      >
        <KanbanSquare className="size-4" aria-hidden="true" /> Board
      </button>
      <button
        type="button"
        aria-pressed={view === 'table'}
        className={switchButton(view === 'table')}
        onClick={() => setParams({ view: 'table' })}
      >
        <Table2 className="size-4" aria-hidden="true" /> Table
      </button>
    </div>
  );
}

type Props = { state: LeadsScreenState; setParams: SetLeadsParams; extra?: ReactNode };

/** Search, source, tag and "due now" filters and the view switch; all of it kept in the address. */
export function LeadFilterBar({ state, setParams, extra }: Props) {
  const { filters } = state;
  const [search, setSearch] = useState(filters.q ?? '');
  const settled = useDebouncedValue(search, LEAD_SEARCH_DELAY_MS);
  const tags = useLeadTagsQuery();
  const tagOptions = tags.data?.tags ?? [];

  useEffect(() => {
    if (settled.trim() !== (filters.q ?? '')) setParams({ q: settled.trim() || null });
    // Only a settled change of the box writes the address; the address itself is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div role="search" className="min-w-0 flex-1 basis-56">
        <Field id="lead-search" label="Search" labelClassName={compactLabelClass}>
          <input
            type="search"
            className={inputClass}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, company, email, notes"
            maxLength={200}
          />
        </Field>
      </div>
      <Select
        id="lead-filter-source"
        label="Source"
        labelClassName={compactLabelClass}
        options={[
          { value: '', label: 'All sources' },
          ...optionsOf(LEAD_SOURCES, LEAD_SOURCE_LABELS),
        ]}
        value={filters.source ?? ''}
        onChange={(event) => setParams({ source: event.target.value || null })}
      />
      <Select
        id="lead-filter-tag"
        label="Tag"
        labelClassName={compactLabelClass}
        options={[
          { value: '', label: 'All tags' },
          ...[...new Set([...tagOptions, ...(filters.tag ? [filters.tag] : [])])].map((tag) => ({
            value: tag,
            label: tag,
          })),
        ]}
        value={filters.tag ?? ''}
        onChange={(event) => setParams({ tag: event.target.value || null })}
      />
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={filters.due === 'true'}
          onChange={(event) => setParams({ due: event.target.checked ? 'true' : null })}
        />
        Next action due
      </label>
      <ViewSwitch view={state.view} setParams={setParams} />
      {extra}
    </div>
  );
}
