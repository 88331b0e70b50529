import { useSearchParams } from 'react-router-dom';

import { QUOTE_SORTS } from '@/contract/quotes-api';
import { QUOTE_STATUSES, type QuoteStatus } from '@/contract/quotes';

import type { QuoteListFilters } from './quotes.api';

type QuoteSort = (typeof QUOTE_SORTS)[number];

/** The orders the sort select offers: a field and a direction each. */
export const QUOTE_SORT_CHOICES = [
  { value: 'updated:desc', label: 'Recently updated' },
  { value: 'created:desc', label: 'Newest first' },
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'total:desc', label: 'Highest total' },
  { value: 'total:asc', label: 'Lowest total' },
  { value: 'valid_until:asc', label: 'Expiring soonest' },
  { value: 'title:asc', label: 'Title A–Z' },
] as const;

const isStatus = (value: string | null): value is QuoteStatus =>
  value !== null && (QUOTE_STATUSES as readonly string[]).includes(value);
const isSort = (value: string | null): value is QuoteSort =>
  value !== null && (QUOTE_SORTS as readonly string[]).includes(value);

/** The list filters from the address; unknown values fall back to the defaults. */
export function readQuoteFilters(params: URLSearchParams): QuoteListFilters {
  const status = params.get('status');
  const sort = params.get('sort');
  const q = params.get('q')?.trim();
  return {
    ...(isStatus(status) ? { status } : {}),
    ...(q ? { q } : {}),
    sort: isSort(sort) ? sort : 'updated',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

export type SetQuoteParams = (changes: Record<string, string | null>) => void;

/** The quotes list filters kept in the address (so a reload keeps them), and a setter. */
export function useQuoteFilters(): { filters: QuoteListFilters; setParams: SetQuoteParams } {
  const [params, setSearchParams] = useSearchParams();
  const setParams: SetQuoteParams = (changes) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };
  return { filters: readQuoteFilters(params), setParams };
}
