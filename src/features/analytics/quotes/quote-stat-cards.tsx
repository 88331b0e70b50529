import {
  formatCount,
  formatHours,
  formatMoneyTotals,
  formatRate,
} from '@/components/analytics/format';
import { pointsDelta, StatCard, StatGrid } from '@/components/analytics/stat-card';
import type { QuoteAnalytics } from '@/contract/quote-analytics';

type Figure = { label: string; value: string; hint: string };

/** The counts of the period; without a previous period to compare with, each says how it is counted. */
function countFigures(totals: QuoteAnalytics['totals']): Figure[] {
  return [
    { label: 'Created', value: formatCount(totals.created), hint: 'Quotes created in this period' },
    { label: 'Sent', value: formatCount(totals.sent), hint: 'Of those, sent to the client' },
    {
      label: 'Viewed',
      value: formatCount(totals.viewed),
      hint: 'Opened by the client on the share page',
    },
    { label: 'Accepted', value: formatCount(totals.accepted), hint: 'Accepted by the client' },
    { label: 'Declined', value: formatCount(totals.declined), hint: 'Declined by the client' },
    {
      label: 'Expired',
      value: formatCount(totals.expired),
      hint: 'The validity date passed without an answer',
    },
  ];
}

/** What the period's quotes are worth, and how long clients take to answer. */
function valueFigures(totals: QuoteAnalytics['totals']): Figure[] {
  return [
    {
      label: 'Total value',
      value: formatMoneyTotals(totals.totalValue),
      hint: 'All quotes created in this period',
    },
    {
      label: 'Average value',
      value: formatMoneyTotals(totals.averageValue),
      hint: 'Per quote, in each currency',
    },
    {
      label: 'Accepted value',
      value: formatMoneyTotals(totals.acceptedValue, 'None yet'),
      hint: 'The quotes clients accepted',
    },
    {
      label: 'Median time to decision',
      value: formatHours(totals.medianHoursToDecision),
      hint:
        totals.meanHoursToDecision === null
          ? 'No client has accepted or declined a sent quote yet'
          : `From the first send to the client's answer; mean ${formatHours(totals.meanHoursToDecision)}`,
    },
  ];
}

function FigureCard({ label, value, hint }: Figure) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight break-words tabular-nums sm:text-2xl text-slate-900 dark:text-slate-50">
        {value}
      </dd>
      <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</dd>
    </div>
  );
}

/** The period's key figures; the acceptance rate is set against the previous period. */
export function QuoteStatCards({
  totals,
  comparedWith,
}: {
  totals: QuoteAnalytics['totals'];
  /** What the period is compared with: "previous 30 days". */
  comparedWith: string;
}) {
  return (
    <section aria-label="Totals">
      <StatGrid>
        {countFigures(totals).map((figure) => (
          <FigureCard key={figure.label} {...figure} />
        ))}
        <StatCard
          label="Acceptance rate"
          value={formatRate(totals.acceptanceRate)}
          previous={
            totals.previousAcceptanceRate === null
              ? undefined
              : formatRate(totals.previousAcceptanceRate)
          }
          delta={pointsDelta(totals.acceptanceRate, totals.previousAcceptanceRate)}
          comparedWith={comparedWith}
          hint="Accepted out of accepted, declined and expired"
        />
        {valueFigures(totals).map((figure) => (
          <FigureCard key={figure.label} {...figure} />
        ))}
      </StatGrid>
    </section>
  );
}
