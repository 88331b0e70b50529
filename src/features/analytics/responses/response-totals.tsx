import { formatCount, formatMoneyTotals } from '@/components/analytics/format';
import type { ResponseAnalytics } from '@/contract/response-analytics';

type Total = { label: string; value: string; hint: string };

/** The period's totals as the cards show them. */
export function responseTotals(totals: ResponseAnalytics['totals']): Total[] {
  return [
    {
      label: 'Responses sent',
      value: formatCount(totals.sent),
      hint: 'Sent in this period',
    },
    {
      label: 'Connects spent',
      value: formatCount(totals.connects),
      hint: 'On the responses sent in this period',
    },
    {
      label: 'Connects per reply',
      value: formatCount(totals.connectsPerReply),
      hint: 'Connects spent for each response that got a reply',
    },
    {
      label: 'Connects per hire',
      value: formatCount(totals.connectsPerHire),
      hint: 'Connects spent for each response that led to a hire',
    },
    {
      label: 'Revenue',
      value: formatMoneyTotals(totals.revenue, 'None yet'),
      hint: 'Net of fees and refunds, from the leads these responses opened',
    },
    {
      label: 'Revenue per response',
      value: formatMoneyTotals(totals.revenuePerResponse, 'None yet'),
      hint: 'Revenue divided by responses sent',
    },
  ];
}

/**
 * The totals of the period as key-figure cards. Unlike the dashboard's cards they have no
 * previous period to compare with, so each says how it is counted instead.
 */
export function ResponseTotals({ totals }: { totals: ResponseAnalytics['totals'] }) {
  return (
    <dl
      aria-label="Totals"
      className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2 lg:grid-cols-3"
    >
      {responseTotals(totals).map((total) => (
        <div
          key={total.label}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{total.label}</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight break-words tabular-nums sm:text-2xl text-slate-900 dark:text-slate-50">
            {total.value}
          </dd>
          <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">{total.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
