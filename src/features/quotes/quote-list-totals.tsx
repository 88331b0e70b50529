import type { QuoteSummary } from '@/contract/quotes-api';
import { QUOTE_STATUSES, type QuoteStatus } from '@/contract/quotes';

import { QUOTE_STATUS_LABELS, formatQuoteMoney } from './quotes-format';

type StatusTotal = { count: number; values: { currency: string; totalMinor: number }[] };

/** The summary rows grouped by status: one count, and one value per currency (never mixed). */
export function totalsByStatus(
  summary: QuoteSummary | undefined,
): Record<QuoteStatus, StatusTotal> {
  const totals = Object.fromEntries(
    QUOTE_STATUSES.map((status) => [status, { count: 0, values: [] }]),
  ) as unknown as Record<QuoteStatus, StatusTotal>;
  for (const row of summary?.rows ?? []) {
    const total = totals[row.status];
    total.count += row.count;
    total.values.push({ currency: row.currency, totalMinor: row.totalMinor });
  }
  for (const status of QUOTE_STATUSES)
    totals[status].values.sort((a, b) => a.currency.localeCompare(b.currency));
  return totals;
}

/**
 * Count and value of the quotes per status, as buttons: choosing one filters the list by it, and
 * choosing it again shows every status.
 */
export function QuoteListTotals({
  summary,
  active,
  onChoose,
}: {
  summary: QuoteSummary | undefined;
  active: QuoteStatus | undefined;
  onChoose: (status: QuoteStatus | null) => void;
}) {
  const totals = totalsByStatus(summary);
  return (
    <ul
      aria-label="Totals by status"
      className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6"
    >
      {QUOTE_STATUSES.map((status) => {
        const total = totals[status];
        const pressed = active === status;
        const value =
          total.values.length === 0
            ? '—'
            : total.values.map((v) => formatQuoteMoney(v.totalMinor, v.currency)).join(' · ');
        return (
          <li key={status}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? null : status)}
              className={`w-full rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                pressed
                  ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
                  : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'
              }`}
            >
              <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">
                {QUOTE_STATUS_LABELS[status]}
              </span>
              <span className="block font-semibold text-slate-900 dark:text-slate-50">
                {total.count}
              </span>
              <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                {value}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
