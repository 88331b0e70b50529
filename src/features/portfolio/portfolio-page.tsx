import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useLogActivity } from '@/store/activity-logger';

import {
  apiErrorMessage,
  useListPortfolioQuery,
  usePortfolioFacetsQuery,
  useSearchPortfolioQuery,
} from './portfolio.api';
import {
  PORTFOLIO_PAGE_SIZE,
  PortfolioListResults,
  PortfolioLoadError,
  PortfolioLoading,
  PortfolioSearchResults,
} from './portfolio-results';
import { PortfolioSearchBar } from './portfolio-search-bar';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePortfolioUrlState } from './use-portfolio-url-state';

/** /portfolio: browse and search the case studies (filters, view and query live in the URL). */
export default function PortfolioPage() {
  const url = usePortfolioUrlState();
  const { q, mode, skill, industry, view, setParam } = url;
  const [draft, setDraft] = useState(q);
  const debounced = useDebouncedValue(draft.trim(), 300);
  const [shown, setShown] = useState(PORTFOLIO_PAGE_SIZE);
  const log = useLogActivity();

  useEffect(() => {
    log({ action: 'view_portfolio', details: { section: 'portfolio' } });
  }, [log]);

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

      <PortfolioSearchBar
        url={url}
        draft={draft}
        onDraftChange={setDraft}
        facets={facets.data}
        onFilterChange={() => setShown(PORTFOLIO_PAGE_SIZE)}
      />

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
        <PortfolioLoading />
      ) : active.isError ? (
        <PortfolioLoadError
          message={apiErrorMessage(active.error, 'The portfolio could not be loaded.')}
          onRetry={() => void active.refetch()}
        />
      ) : searching ? (
        <PortfolioSearchResults result={search.data} q={q} mode={mode} view={view} />
      ) : (
        <PortfolioListResults
          list={list.data}
          filtered={Boolean(skill || industry)}
          view={view}
          shown={shown}
          onShowMore={() => setShown((count) => count + PORTFOLIO_PAGE_SIZE)}
        />
      )}
    </>
  );
}
