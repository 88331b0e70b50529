import { useSearchParams } from 'react-router-dom';

import {
  TRANSACTION_KINDS,
  TRANSACTION_SORTS,
  TRANSACTION_SOURCES,
  type TransactionKind,
  type TransactionSource,
} from '@/contract/transactions';

import type { TransactionFilters } from './transactions.api';

type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The orders the sort select offers: a field and a direction each. */
export const TRANSACTION_SORT_CHOICES = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Largest amount' },
  { value: 'amount:asc', label: 'Smallest amount' },
  { value: 'created:desc', label: 'Recently added' },
] as const;

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): value is T =>
    value !== null && (values as readonly string[]).includes(value);
const isKind = oneOf<TransactionKind>(TRANSACTION_KINDS);
const isSource = oneOf<TransactionSource>(TRANSACTION_SOURCES);
const isSort = oneOf<TransactionSort>(TRANSACTION_SORTS);

const UUID_LENGTH = 36;

/** A calendar day written yyyy-mm-dd that exists (2026-02-30 does not). */
export function isIsoDay(value: string | null): value is string {
  if (value === null || value.length !== 10 || value[4] !== '-' || value[7] !== '-') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The ledger filters from the address; unknown values fall back to the defaults. */
export function readTransactionFilters(params: URLSearchParams): TransactionFilters {
  const kind = params.get('kind');
  const source = params.get('source');
  const sort = params.get('sort');
  const from = params.get('from');
  const to = params.get('to');
  const leadId = params.get('leadId');
  const q = params.get('q')?.trim();
  return {
    ...(q ? { q } : {}),
    ...(isKind(kind) ? { kind } : {}),
    ...(isSource(source) ? { source } : {}),
    ...(leadId && leadId.length === UUID_LENGTH ? { leadId } : {}),
    ...(isIsoDay(from) ? { from } : {}),
    ...(isIsoDay(to) ? { to } : {}),
    sort: isSort(sort) ? sort : 'date',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

/** True when any filter narrows the ledger (the order does not). */
export function isFiltered(filters: TransactionFilters): boolean {
  return Boolean(
    filters.q || filters.kind || filters.source || filters.leadId || filters.from || filters.to,
  );
}

export type SetTransactionParams = (changes: Record<string, string | null>) => void;

/** The ledger filters kept in the address (so a reload keeps them, with ?tab=), and a setter. */
export function useTransactionFilters(): {
  filters: TransactionFilters;
  setParams: SetTransactionParams;
} {
  const [params, setSearchParams] = useSearchParams();
  const setParams: SetTransactionParams = (changes) => {
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
  return { filters: readTransactionFilters(params), setParams };
}
