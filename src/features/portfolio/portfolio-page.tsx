import { clsx } from 'clsx';
import { FolderOpen, LayoutGrid, List, Search, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { compactLabelClass } from '@/components/ui/field';
import { EmptyState, PageHeader, buttonClass, inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import type { PortfolioSearchMode } from '@/contract/portfolio';
import { useLogActivity } from '@/store/activity-logger';

import {
  apiErrorMessage,
  useListPortfolioQuery,
  usePortfolioFacetsQuery,
  useSearchPortfolioQuery,
} from './portfolio.api';
import { PortfolioItemCard, type PortfolioView } from './portfolio-item-card';

const PAGE_SIZE = 24;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** /portfolio: browse and search the case studies (filters, view and query live in the URL). */
export default function PortfolioPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const mode: PortfolioSearchMode = params.get('mode') === 'ai' ? 'ai' : 'text';
  const skill = params.get('skill') ?? '';
  const industry = params.get('industry') ?? '';
  const view: PortfolioView = params.get('view') === 'list' ? 'list' : 'grid';
  const [draft, setDraft] = useState(q);
  const debounced = useDebounced(draft.trim(), 300);
  const [shown, setShown] = useState(PAGE_SIZE);
  const log = useLogActivity();
  const ids = useId();

  useEffect(() => {
    log({ action: 'view_portfolio', details: { section: 'portfolio' } });
  }, [log]);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (debounced !== q) setParam('q', debounced || null);
    // Only the typed text drives this; setParam reads the latest params itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const filters = { ...(skill ? { skill } : {}), ...(industry ? { industry } : {}) };
  const facets = usePortfolioFacetsQuery();
  const list = useListPortfolioQuery(filters, { skip: q !== '' });
  const search = useSearchPortfolioQuery({ q, mode, ...filters }, { skip: q === '' });
  const searching = q !== '';
  const active = searching ? search : list;

  const filterSelect = (
    name: 'skill' | 'industry',
    label: string,
    options: Array<{ value: string; count: number }>,
    value: string,
  ) => (
    <Select
      id={`${ids}-${name}`}
      label={label}
      labelClassName={compactLabelClass}
      className={clsx(inputClass, 'min-w-36')}
      options={[
        { value: '', label: 'All' },
        ...options.map((option) => ({
          value: option.value,
          label: `${option.value} (${option.count})`,
        })),
        // A value from the address that no item has any more stays choosable.
        ...(value && !options.some((option) => option.value === value)
          ? [{ value, label: value }]
          : []),
      ]}
      value={value}
      onChange={(event) => {
        setShown(PAGE_SIZE);
        setParam(name, event.target.value || null);
      }}
    />
  );

  return (
    <>
      <PageHeader
        title="Portfolio"
        description="The case studies your responses cite. Search them by words or by meaning."
        actions={
          <Link to={paths.settingsPortfolio} className={buttonClass.primary}>
            Manage portfolio
          </Link>
        }
      />

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
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600">
          <legend className="sr-only">Search mode</legend>
          {(
            [
              ['text', 'Words', Search],
              ['ai', 'AI', Sparkles],
            ] as const
          ).map(([value, text, Icon]) => (
            <label
              key={value}
              className={clsx(
                'inline-flex cursor-pointer items-center gap-1 rounded-md px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                mode === value
                  ? 'bg-indigo-600 text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name={`${ids}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setParam('mode', value === 'ai' ? 'ai' : null)}
                className="sr-only"
              />
              <Icon className="size-4" aria-hidden="true" />
              {text}
            </label>
          ))}
        </fieldset>
        {filterSelect('skill', 'Skill', facets.data?.skills ?? [], skill)}
        {filterSelect('industry', 'Industry', facets.data?.industries ?? [], industry)}
        <div className="flex gap-1" role="group" aria-label="View">
          <button
            type="button"
            className={buttonClass.ghost}
            aria-pressed={view === 'grid'}
            aria-label="Grid view"
            onClick={() => setParam('view', null)}
          >
            <LayoutGrid
              className={clsx('size-5', view === 'grid' && 'text-indigo-600 dark:text-indigo-400')}
              aria-hidden="true"
            />
          </button>
          <button
            type="button"
            className={buttonClass.ghost}
            aria-pressed={view === 'list'}
            aria-label="List view"
            onClick={() => setParam('view', 'list')}
          >
            <List
              className={clsx('size-5', view === 'list' && 'text-indigo-600 dark:text-indigo-400')}
              aria-hidden="true"
            />
          </button>
        </div>
      </form>

      {searching && search.data?.note ? (
        <p
          role="note"
          className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {search.data.note}
        </p>
      ) : null}
      {!searching && mode === 'ai' && facets.isSuccess ? (
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          AI search finds items by meaning when an AI provider with embeddings is configured;
          otherwise it matches words.
        </p>
      ) : null}

      {active.isLoading || (active.isFetching && !active.data) ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading…
        </p>
      ) : active.isError ? (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p>{apiErrorMessage(active.error, 'The portfolio could not be loaded.')}</p>
          <button
            type="button"
            className={clsx(buttonClass.secondary, 'mt-2')}
            onClick={() => void active.refetch()}
          >
            Try again
          </button>
        </div>
      ) : searching ? (
        search.data && search.data.results.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {search.data.results.length} {search.data.results.length === 1 ? 'match' : 'matches'}{' '}
              by {search.data.mode === 'ai' ? 'meaning and words' : 'words'}
            </p>
            <ResultsGrid view={view}>
              {search.data.results.map((hit) => (
                <PortfolioItemCard key={hit.item.id} item={hit.item} hit={hit} view={view} />
              ))}
            </ResultsGrid>
          </>
        ) : (
          <EmptyState
            icon={<Search className="size-8" />}
            title="No matches"
            description={`Nothing in your portfolio matches “${q}”. Try other words${mode === 'text' ? ' or AI search' : ''}.`}
          />
        )
      ) : list.data && list.data.items.length > 0 ? (
        <>
          <ResultsGrid view={view}>
            {list.data.items.slice(0, shown).map((item) => (
              <PortfolioItemCard key={item.id} item={item} view={view} />
            ))}
          </ResultsGrid>
          {list.data.items.length > shown ? (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => setShown((count) => count + PAGE_SIZE)}
              >
                Show more ({list.data.items.length - shown} left)
              </button>
            </div>
          ) : null}
        </>
      ) : skill || industry ? (
        <EmptyState
          icon={<FolderOpen className="size-8" />}
          title="No items with these filters"
          description="Clear the skill or industry filter to see every item."
        />
      ) : (
        <EmptyState
          icon={<FolderOpen className="size-8" />}
          title="No portfolio items yet"
          description="Add your past projects so responses can point to real proof."
          action={
            <Link to={paths.settingsPortfolio} className={buttonClass.primary}>
              Add your first item
            </Link>
          }
        />
      )}
    </>
  );
}

function ResultsGrid({ view, children }: { view: PortfolioView; children: React.ReactNode }) {
  return (
    <div
      className={
        view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3'
      }
    >
      {children}
    </div>
  );
}
