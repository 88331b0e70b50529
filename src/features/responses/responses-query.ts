import { useSearchParams } from 'react-router-dom';

import {
  RESPONSE_SORTS,
  RESPONSE_STATUSES,
  VARIANTS,
  type ListResponsesQuery,
  type ResponseStatus,
  type Variant,
} from '@/contract/responses';

const PAGE_SIZE = 25;

export const SORT_LABELS: Record<(typeof RESPONSE_SORTS)[number], string> = {
  createdAt: 'Created',
  updatedAt: 'Updated',
  status: 'Status',
  bid: 'Bid',
  connects: 'Connects',
  fit: 'Fit score',
};

/** The list query from the address; unknown values fall back to the defaults. */
export function readQuery(params: URLSearchParams): ListResponsesQuery {
  const status = params.get('status');
  const variant = params.get('variant');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    ...(status && (RESPONSE_STATUSES as readonly string[]).includes(status)
      ? { status: status as ResponseStatus }
      : {}),
    ...(variant && (VARIANTS as readonly string[]).includes(variant)
      ? { variant: variant as Variant }
      : {}),
    ...(params.get('q') ? { q: params.get('q')! } : {}),
    sort:
      sort && (RESPONSE_SORTS as readonly string[]).includes(sort)
        ? (sort as (typeof RESPONSE_SORTS)[number])
        : 'createdAt',
    order: order === 'asc' ? 'asc' : 'desc',
    limit: PAGE_SIZE,
    ...(params.get('cursor') ? { cursor: params.get('cursor')! } : {}),
  };
}

export type SetResponsesParam = (changes: Record<string, string | null>) => void;

/**
 * The responses list query kept in the address, and a setter for some of its parameters. Changing
 * anything but the cursor goes back to the first page.
 */
export function useResponsesQuery(): { query: ListResponsesQuery; setParam: SetResponsesParam } {
  const [params, setParams] = useSearchParams();
  const setParam: SetResponsesParam = (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('cursor' in changes)) next.delete('cursor');
    setParams(next);
  };
  return { query: readQuery(params), setParam };
}
