import { useState, type FormEvent } from 'react';

import { Field, compactLabelClass } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import type { ActivityAction } from '@/contract/activity';

import { hasFilters, rangeError, type ActivityFilters } from './activity-filters';
import { ACTION_OPTIONS } from './activity-labels';

const actionChoices = [{ value: '', label: 'All actions' }, ...ACTION_OPTIONS];

/** Action, date range and words: the action and days apply at once, the words on 'Search'. */
export function ActivityFiltersBar({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
}) {
  const [words, setWords] = useState(filters.q ?? '');
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    // The URL changed from elsewhere (back button, 'Clear filters'): the box follows it.
    setShownQ(filters.q);
    setWords(filters.q ?? '');
  }
  const set = (patch: Partial<ActivityFilters>) => {
    const next: ActivityFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof ActivityFilters)[]) {
      if (!next[key]) delete next[key];
    }
    onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: words.trim() || undefined });
  };
  const error = rangeError(filters);

  return (
    <form
      role="search"
      aria-label="Filter activity"
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-end gap-2">
        <Field
          id="activity-q"
          label="Search activity"
          labelClassName={compactLabelClass}
          className="min-w-0 flex-1"
        >
          <input
            type="search"
            value={words}
            maxLength={200}
            onChange={(event) => setWords(event.target.value)}
            placeholder="Job or template name"
            className={inputClass}
          />
        </Field>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </div>
      <Select
        id="activity-action"
        label="Action"
        labelClassName={compactLabelClass}
        options={actionChoices}
        value={filters.action ?? ''}
        onChange={(event) => set({ action: (event.target.value || undefined) as ActivityAction })}
      />
      <Field
        id="activity-from"
        label="From"
        labelClassName={compactLabelClass}
        error={error ?? undefined}
      >
        <input
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => set({ from: event.target.value || undefined })}
          className={inputClass}
        />
      </Field>
      <Field id="activity-to" label="To" labelClassName={compactLabelClass}>
        <input
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => set({ to: event.target.value || undefined })}
          className={inputClass}
        />
      </Field>
      {hasFilters(filters) ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="button" className={buttonClass.ghost} onClick={() => onChange({})}>
            Clear filters
          </button>
        </div>
      ) : null}
    </form>
  );
}
