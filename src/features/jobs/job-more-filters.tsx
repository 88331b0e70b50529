import { buttonClass } from '@/components/ui/page';
import type { JobFilters } from '@/contract/jobs';

import { ExperienceFilter } from './experience-filter';
import type { SetFilters } from './filter-change';
import { FilterBlurInput } from './filter-blur-input';
import { moneyValue, toCount, toList, toMinor } from './filter-input-values';
import { FilterSelect } from './filter-select';
import { SOURCE_FILTER_SELECT } from './filter-select-specs';
import { activeFilterCount, moreFilterCount } from './job-filters';

type Props = {
  filters: JobFilters;
  set: SetFilters;
  /** Drops every filter but the search words and the sort. */
  onClear: () => void;
};

const MONEY_FILTERS = [
  ['budgetMin', 'Budget from ($)'],
  ['budgetMax', 'Budget up to ($)'],
  ['hourlyMin', 'Hourly from ($/h)'],
  ['hourlyMax', 'Hourly up to ($/h)'],
  ['clientSpentMin', 'Client spent at least ($)'],
] as const;

const COUNT_FILTERS = [
  ['clientHiresMin', 'Client hires at least'],
  ['proposalsMax', 'Proposals at most'],
] as const;

const LIST_FILTERS = [
  ['countries', 'Client countries (names or codes such as US, DE; comma-separated)'],
  ['skills', 'Skills, any of (comma-separated)'],
] as const;

/** The folded filters: experience, money, counts, lists and source, with "Clear filters". */
export function JobMoreFilters({ filters, set, onClear }: Props) {
  const count = moreFilterCount(filters);
  const anySet = activeFilterCount(filters) > 0;
  return (
    <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-medium text-slate-800 dark:text-slate-200">
        More filters{count > 0 ? ` (${count} set)` : ''}
      </summary>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <ExperienceFilter filters={filters} set={set} />
        {MONEY_FILTERS.map(([key, label]) => (
          <FilterBlurInput
            key={key}
            label={label}
            kind="money"
            value={moneyValue(filters[key])}
            onCommit={(text) => set({ [key]: toMinor(text) })}
          />
        ))}
        {COUNT_FILTERS.map(([key, label]) => (
          <FilterBlurInput
            key={key}
            label={label}
            kind="count"
            value={String(filters[key] ?? '')}
            onCommit={(text) => set({ [key]: toCount(text) })}
          />
        ))}
        {LIST_FILTERS.map(([key, label]) => (
          <FilterBlurInput
            key={key}
            label={label}
            kind="list"
            wide
            value={filters[key]?.join(', ') ?? ''}
            onCommit={(text) => set({ [key]: toList(text) })}
          />
        ))}
        <FilterSelect spec={SOURCE_FILTER_SELECT} filters={filters} set={set} />
      </div>
      {anySet ? (
        <button type="button" className={`${buttonClass.ghost} mt-2`} onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </details>
  );
}
