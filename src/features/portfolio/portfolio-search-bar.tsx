import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useId } from 'react';

import { inputClass } from '@/components/ui/page';

import { PortfolioFilterSelect } from './portfolio-filter-select';
import { PortfolioSearchModeToggle } from './portfolio-search-mode-toggle';
import { PortfolioViewToggle } from './portfolio-view-toggle';
import type { PortfolioUrlState } from './use-portfolio-url-state';

type Facet = Array<{ value: string; count: number }>;

type Props = {
  url: PortfolioUrlState;
  draft: string;
  onDraftChange: (draft: string) => void;
  facets: { skills: Facet; industries: Facet } | undefined;
  /** Called when a filter changes, before the address is updated. */
  onFilterChange: () => void;
};

/** The portfolio page's search form: query, mode, skill and industry filters, and the view. */
export function PortfolioSearchBar({ url, draft, onDraftChange, facets, onFilterChange }: Props) {
  const ids = useId();
  const { mode, setParam } = url;
  const filter = (name: 'skill' | 'industry') => (value: string | null) => {
    onFilterChange();
    setParam(name, value);
  };
  return (
    <form
      role="search"
      aria-label="Search the portfolio"
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setParam('q', draft.trim() || null);
      }}
    >
      <div className="min-w-56 flex-1">
        <label
          htmlFor={`${ids}-q`}
          className="block text-xs font-medium text-slate-700 dark:text-slate-300"
        >
          Search
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={`${ids}-q`}
            type="search"
            className={clsx(inputClass, 'pl-9')}
            placeholder={
              mode === 'ai'
                ? 'Describe the project you need proof for'
                : 'Words, "a phrase", -exclude'
            }
            value={draft}
            maxLength={500}
            onChange={(event) => onDraftChange(event.target.value)}
          />
        </div>
      </div>
      <PortfolioSearchModeToggle
        name={`${ids}-mode`}
        mode={mode}
        onChange={(value) => setParam('mode', value === 'ai' ? 'ai' : null)}
      />
      <PortfolioFilterSelect
        id={`${ids}-skill`}
        label="Skill"
        options={facets?.skills ?? []}
        value={url.skill}
        onChange={filter('skill')}
      />
      <PortfolioFilterSelect
        id={`${ids}-industry`}
        label="Industry"
        options={facets?.industries ?? []}
        value={url.industry}
        onChange={filter('industry')}
      />
      <PortfolioViewToggle
        view={url.view}
        onChange={(value) => setParam('view', value === 'list' ? 'list' : null)}
      />
    </form>
  );
}
