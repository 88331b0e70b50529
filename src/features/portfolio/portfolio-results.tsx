import { clsx } from 'clsx';
import { FolderOpen, Search } from 'lucide-react';
import { Link } from 'react-router-dom';

import { EmptyState, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { PortfolioSearchMode, PortfolioSearchResult } from '@/contract/portfolio';

import type { PortfolioList } from './portfolio.api';
import { PortfolioItemCard, type PortfolioView } from './portfolio-item-card';

export const PORTFOLIO_PAGE_SIZE = 24;

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

type SearchResultsProps = {
  result: PortfolioSearchResult | undefined;
  q: string;
  mode: PortfolioSearchMode;
  view: PortfolioView;
};

/** The hits of a portfolio search, or "No matches". */
export function PortfolioSearchResults({ result, q, mode, view }: SearchResultsProps) {
  if (!result || result.results.length === 0) {
    return (
      <EmptyState
        icon={<Search className="size-8" />}
        title="No matches"
        description={`Nothing in your portfolio matches “${q}”. Try other words${mode === 'text' ? ' or AI search' : ''}.`}
      />
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {result.results.length} {result.results.length === 1 ? 'match' : 'matches'} by{' '}
        {result.mode === 'ai' ? 'meaning and words' : 'words'}
      </p>
      <ResultsGrid view={view}>
        {result.results.map((hit) => (
          <PortfolioItemCard key={hit.item.id} item={hit.item} hit={hit} view={view} />
        ))}
      </ResultsGrid>
    </>
  );
}

type ListResultsProps = {
  list: PortfolioList | undefined;
  filtered: boolean;
  view: PortfolioView;
  shown: number;
  onShowMore: () => void;
};

/** The caller's items, a page at a time, or the empty state that fits the filters. */
export function PortfolioListResults({
  list,
  filtered,
  view,
  shown,
  onShowMore,
}: ListResultsProps) {
  if (list && list.items.length > 0) {
    return (
      <>
        <ResultsGrid view={view}>
          {list.items.slice(0, shown).map((item) => (
            <PortfolioItemCard key={item.id} item={item} view={view} />
          ))}
        </ResultsGrid>
        {list.items.length > shown ? (
          <div className="mt-4 flex justify-center">
            <button type="button" className={buttonClass.secondary} onClick={onShowMore}>
              Show more ({list.items.length - shown} left)
            </button>
          </div>
        ) : null}
      </>
    );
  }
  if (filtered) {
    return (
      <EmptyState
        icon={<FolderOpen className="size-8" />}
        title="No items with these filters"
        description="Clear the skill or industry filter to see every item."
      />
    );
  }
  return (
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
  );
}

/** The alert shown when the portfolio could not be loaded, with a retry. */
export function PortfolioLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p>{message}</p>
      <button type="button" className={clsx(buttonClass.secondary, 'mt-2')} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Shown while the portfolio loads. */
export function PortfolioLoading() {
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      Loading…
    </p>
  );
}
