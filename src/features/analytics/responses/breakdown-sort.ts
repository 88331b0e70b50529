import type { BreakdownRow } from '@/contract/response-analytics';

/** Rows with fewer sends than this are marked "few sends": their rates can swing widely. */
export const FEW_SENDS = 10;

export function isFewSends(row: Pick<BreakdownRow, 'sent'>): boolean {
  return row.sent < FEW_SENDS;
}

export const BREAKDOWN_SORT_KEYS = [
  'label',
  'sent',
  'replied',
  'replyRate',
  'interviews',
  'hired',
  'hireRate',
  'connects',
  'revenue',
] as const;
export type BreakdownSortKey = (typeof BREAKDOWN_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
/** null keeps the server's order (hours 0-23, Monday first, templates by sends). */
export type BreakdownSort = { key: BreakdownSortKey; dir: SortDirection } | null;

/**
 * The value a column sorts by. Revenue sorts by the row's largest amount (the totals list is
 * largest first); amounts in different currencies are not added up.
 */
function sortValue(row: BreakdownRow, key: Exclude<BreakdownSortKey, 'label'>): number | null {
  if (key === 'revenue') return row.revenue[0]?.amountMinor ?? 0;
  return row[key];
}

/** The rows in the order of `sort`; rows without a rate (no sends) always come last. */
export function sortBreakdownRows(
  rows: readonly BreakdownRow[],
  sort: BreakdownSort,
): BreakdownRow[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const { key } = sort;
  return [...rows].sort((a, b) => {
    if (key === 'label') return sign * a.label.localeCompare(b.label);
    const left = sortValue(a, key);
    const right = sortValue(b, key);
    if (left === null || right === null) {
      if (left === right) return 0;
      return left === null ? 1 : -1;
    }
    return sign * (left - right);
  });
}

/** What clicking a header does: flip the direction of the sorted column, else start a new sort. */
export function nextSort(current: BreakdownSort, key: BreakdownSortKey): BreakdownSort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'label' ? 'asc' : 'desc' };
}
