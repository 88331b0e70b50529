import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';

import { formatMoneyTotals, formatRate } from '@/components/analytics/format';
import { cellClass } from '@/components/ui/table';
import type { BreakdownDimension, BreakdownRow } from '@/contract/response-analytics';

import {
  isFewSends,
  nextSort,
  sortBreakdownRows,
  type BreakdownSort,
  type BreakdownSortKey,
} from './breakdown-sort';

/** What the first column holds in each breakdown. */
export const BREAKDOWN_ROW_HEADINGS: Record<BreakdownDimension, string> = {
  template: 'Template',
  variant: 'Variant',
  category: 'Job category',
  fit: 'Fit score',
  hour: 'Hour sent',
  weekday: 'Weekday sent',
  portfolio: 'Portfolio item',
  bid: 'Bid',
};

const NUMBER_COLUMNS: ReadonlyArray<{ key: Exclude<BreakdownSortKey, 'label'>; label: string }> = [
  { key: 'sent', label: 'Sent' },
  { key: 'replied', label: 'Replied' },
  { key: 'replyRate', label: 'Reply rate' },
  { key: 'interviews', label: 'Interviews' },
  { key: 'hired', label: 'Hired' },
  { key: 'hireRate', label: 'Hire rate' },
  { key: 'connects', label: 'Connects' },
  { key: 'revenue', label: 'Revenue' },
];

function cellText(row: BreakdownRow, key: Exclude<BreakdownSortKey, 'label'>): string {
  switch (key) {
    case 'replyRate':
    case 'hireRate':
      return formatRate(row[key]);
    case 'revenue':
      return formatMoneyTotals(row.revenue);
    default:
      return row[key].toLocaleString();
  }
}

function SortHeader({
  sortKey,
  label,
  sort,
  onSort,
}: {
  sortKey: BreakdownSortKey;
  label: string;
  sort: BreakdownSort;
  onSort: (key: BreakdownSortKey) => void;
}) {
  const active = sort?.key === sortKey;
  const Arrow = sort?.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={`${cellClass} whitespace-nowrap`}
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        onClick={() => onSort(sortKey)}
      >
        {label}
        {active ? <Arrow className="size-3.5" aria-hidden="true" /> : null}
      </button>
    </th>
  );
}

/**
 * One breakdown as a table sortable by any column (click a header; again to reverse). Rows with
 * fewer than ten sends say "few sends": their rates can swing with one reply.
 */
export function BreakdownTable({
  dimension,
  rows,
  caption,
}: {
  dimension: BreakdownDimension;
  rows: readonly BreakdownRow[];
  caption: string;
}) {
  const [sort, setSort] = useState<BreakdownSort>(null);
  const sorted = sortBreakdownRows(rows, sort);
  const onSort = (key: BreakdownSortKey) => setSort(nextSort(sort, key));
  return (
    <div className="relative max-h-[75vh] overflow-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-50 dark:bg-slate-800">
          <tr>
            <SortHeader
              sortKey="label"
              label={BREAKDOWN_ROW_HEADINGS[dimension]}
              sort={sort}
              onSort={onSort}
            />
            {NUMBER_COLUMNS.map((column) => (
              <SortHeader
                key={column.key}
                sortKey={column.key}
                label={column.label}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
          {sorted.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${cellClass} min-w-40 font-medium`}>
                {row.label}
                {isFewSends(row) ? (
                  <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                    few sends
                  </span>
                ) : null}
              </th>
              {NUMBER_COLUMNS.map((column) => (
                <td key={column.key} className={`${cellClass} whitespace-nowrap`}>
                  {cellText(row, column.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
