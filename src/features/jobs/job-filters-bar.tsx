import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { compactLabelClass as labelClass } from '@/components/ui/field';
import { buttonClass, inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { EXPERIENCE_LEVELS, type JobFilters } from '@/contract/jobs';

import { activeFilterCount } from './job-filters';

type Props = {
  filters: JobFilters;
  onChange: (next: JobFilters, reason: 'search' | 'filter' | 'score') => void;
};

function moneyValue(minor: number | undefined): string {
  return minor === undefined ? '' : String(Math.round(minor / 100));
}

function toMinor(value: string): number | undefined {
  const n = Number(value);
  return value.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : Math.round(n) * 100;
}

function toCount(value: string): number | undefined {
  const n = Number(value);
  return value.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : Math.floor(n);
}

function toList(value: string): string[] | undefined {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** Search words (with AND, OR, NOT and "quotes"), sort, and filters. Every change lands in the URL. */
export function JobFiltersBar({ filters, onChange }: Props) {
  const [q, setQ] = useState(filters.q ?? '');
  const [qFromUrl, setQFromUrl] = useState(filters.q ?? '');
  // Loading a saved search changes the URL: the box follows it.
  if ((filters.q ?? '') !== qFromUrl) {
    setQFromUrl(filters.q ?? '');
    setQ(filters.q ?? '');
  }

  const set = (patch: Partial<JobFilters>, reason: 'filter' | 'score' = 'filter') =>
    onChange({ ...filters, ...patch }, reason);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = q.trim();
    onChange({ ...filters, q: trimmed || undefined }, 'search');
  };
  const count = activeFilterCount(filters);

  return (
    <div className="space-y-3">
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
          className={`${inputClass} min-w-0 flex-1`}
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

      <div className="flex flex-wrap items-end gap-3">
        <Select
          id="job-filter-type"
          label="Job type"
          labelClassName={labelClass}
          options={[
            { value: '', label: 'Any' },
            { value: 'hourly', label: 'Hourly' },
            { value: 'fixed', label: 'Fixed price' },
          ]}
          value={filters.jobType ?? ''}
          onChange={(event) =>
            set({ jobType: (event.target.value || undefined) as JobFilters['jobType'] })
          }
        />
        <Select
          id="job-filter-min-fit"
          label="Minimum fit"
          labelClassName={labelClass}
          options={[
            { value: '', label: 'Any' },
            { value: '40', label: '40+' },
            { value: '60', label: '60+' },
            { value: '80', label: '80+' },
          ]}
          value={filters.minScore ?? ''}
          onChange={(event) => set({ minScore: toCount(event.target.value) }, 'score')}
        />
        <Select
          id="job-filter-verdict"
          label="Verdict"
          labelClassName={labelClass}
          options={[
            { value: '', label: 'Any' },
            { value: 'apply', label: 'Apply' },
            { value: 'maybe', label: 'Maybe' },
            { value: 'skip', label: 'Skip' },
          ]}
          value={filters.verdict ?? ''}
          onChange={(event) =>
            set({ verdict: (event.target.value || undefined) as JobFilters['verdict'] }, 'score')
          }
        />
        <Select
          id="job-filter-posted-within"
          label="Posted within"
          labelClassName={labelClass}
          options={[
            { value: '', label: 'Any time' },
            { value: '1h', label: '1 hour' },
            { value: '24h', label: '24 hours' },
            { value: '3d', label: '3 days' },
            { value: '7d', label: '7 days' },
            { value: '30d', label: '30 days' },
          ]}
          value={filters.postedWithin ?? ''}
          onChange={(event) =>
            set({ postedWithin: (event.target.value || undefined) as JobFilters['postedWithin'] })
          }
        />
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            checked={filters.paymentVerified === true}
            onChange={(event) => set({ paymentVerified: event.target.checked ? true : undefined })}
          />
          Payment verified
        </label>
      </div>

      <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <summary className="cursor-pointer text-sm font-medium text-slate-800 dark:text-slate-200">
          More filters{count > 0 ? ` (${count} set)` : ''}
        </summary>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <fieldset className="col-span-2 sm:col-span-4">
            <legend className={labelClass}>Experience level</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {EXPERIENCE_LEVELS.map((level) => (
                <label key={level} className="flex items-center gap-1 text-sm capitalize">
                  <input
                    type="checkbox"
                    checked={filters.experience?.includes(level) ?? false}
                    onChange={(event) => {
                      const current = new Set(filters.experience ?? []);
                      if (event.target.checked) current.add(level);
                      else current.delete(level);
                      set({ experience: current.size > 0 ? [...current] : undefined });
                    }}
                  />
                  {level}
                </label>
              ))}
            </div>
          </fieldset>
          {(
            [
              ['budgetMin', 'Budget from ($)'],
              ['budgetMax', 'Budget up to ($)'],
              ['hourlyMin', 'Hourly from ($/h)'],
              ['hourlyMax', 'Hourly up to ($/h)'],
              ['clientSpentMin', 'Client spent at least ($)'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className={labelClass}>
              {label}
              <input
                type="number"
                min={0}
                inputMode="numeric"
                defaultValue={moneyValue(filters[key])}
                key={`${key}-${filters[key] ?? ''}`}
                onBlur={(event) => set({ [key]: toMinor(event.target.value) })}
                className={inputClass}
              />
            </label>
          ))}
          <label className={labelClass}>
            Client hires at least
            <input
              type="number"
              min={0}
              defaultValue={filters.clientHiresMin ?? ''}
              key={`hires-${filters.clientHiresMin ?? ''}`}
              onBlur={(event) => set({ clientHiresMin: toCount(event.target.value) })}
              className={inputClass}
            />
          </label>
          <label className={labelClass}>
            Proposals at most
            <input
              type="number"
              min={0}
              defaultValue={filters.proposalsMax ?? ''}
              key={`proposals-${filters.proposalsMax ?? ''}`}
              onBlur={(event) => set({ proposalsMax: toCount(event.target.value) })}
              className={inputClass}
            />
          </label>
          <label className={`${labelClass} col-span-2`}>
            Client countries (comma-separated)
            <input
              type="text"
              defaultValue={filters.countries?.join(', ') ?? ''}
              key={`countries-${filters.countries?.join(',') ?? ''}`}
              onBlur={(event) => set({ countries: toList(event.target.value) })}
              className={inputClass}
            />
          </label>
          <label className={`${labelClass} col-span-2`}>
            Skills, any of (comma-separated)
            <input
              type="text"
              defaultValue={filters.skills?.join(', ') ?? ''}
              key={`skills-${filters.skills?.join(',') ?? ''}`}
              onBlur={(event) => set({ skills: toList(event.target.value) })}
              className={inputClass}
            />
          </label>
          <Select
            id="job-filter-source"
            label="Source"
            labelClassName={labelClass}
            options={[
              { value: '', label: 'All' },
              { value: 'upwork', label: 'Upwork' },
              { value: 'manual', label: 'Added by hand' },
              { value: 'csv', label: 'CSV import' },
            ]}
            value={filters.source ?? ''}
            onChange={(event) =>
              set({ source: (event.target.value || undefined) as JobFilters['source'] })
            }
          />
        </div>
        {count > 0 ? (
          <button
            type="button"
            className={`${buttonClass.ghost} mt-2`}
            onClick={() =>
              onChange(
                {
                  ...(filters.q ? { q: filters.q } : {}),
                  ...(filters.sort ? { sort: filters.sort } : {}),
                },
                'filter',
              )
            }
          >
            Clear filters
          </button>
        ) : null}
      </details>
    </div>
  );
}
