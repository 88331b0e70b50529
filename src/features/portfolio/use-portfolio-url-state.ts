import { useSearchParams } from 'react-router-dom';

import type { PortfolioSearchMode } from '@/contract/portfolio';

import type { PortfolioView } from './portfolio-item-card';

export type PortfolioUrlState = {
  q: string;
  mode: PortfolioSearchMode;
  skill: string;
  industry: string;
  view: PortfolioView;
  /** Sets one query parameter (or removes it when empty), replacing the history entry. */
  setParam: (key: string, value: string | null) => void;
};

/** The portfolio page's query, search mode, filters and view, read from and written to the URL. */
export function usePortfolioUrlState(): PortfolioUrlState {
  const [params, setParams] = useSearchParams();
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
  return {
    q: params.get('q') ?? '',
    mode: params.get('mode') === 'ai' ? 'ai' : 'text',
    skill: params.get('skill') ?? '',
    industry: params.get('industry') ?? '',
    view: params.get('view') === 'list' ? 'list' : 'grid',
    setParam,
  };
}
