import { ChartCard, type ChartExportFormat } from '@/components/analytics/chart-card';
import { formatCount, formatRate } from '@/components/analytics/format';
import { LazyChart } from '@/components/analytics/lazy-chart';
import type { FunnelStep } from '@/contract/dashboard';

import { funnelRows, type FunnelRow } from './funnel-steps';
import { countCell, rateCell } from './table-cells';

const COLUMNS = [
  { key: 'stage', label: 'Stage' },
  { key: 'responses', label: 'Responses', format: countCell },
  { key: 'fromPrevious', label: 'From the step before', format: rateCell },
  { key: 'ofSent', label: 'Of sent', format: rateCell },
];

/** "Viewed: 64 (80% of sent)" and so on, one step after another. */
export function conversionText(rows: readonly FunnelRow[]): string[] {
  return rows.slice(1).map((row, index) => {
    const before = rows[index];
    return `${before?.label ?? ''} → ${row.label}: ${formatRate(row.fromPrevious)} (${formatCount(row.count)} of ${formatCount(before?.count ?? 0)})`;
  });
}

function summaryOf(rows: readonly FunnelRow[]): string {
  const sent = rows[0]?.count ?? 0;
  if (sent === 0) return 'No responses were sent in this period.';
  return `Of ${formatCount(sent)} responses sent: ${conversionText(rows).join('; ')}.`;
}

/**
 * The funnel sent -> viewed -> replied -> interview -> hired as bars, with the conversion from
 * each step to the next written under the chart and in the table view.
 */
export function ResponseFunnel({
  steps,
  onExport,
}: {
  steps: readonly FunnelStep[];
  onExport: (format: ChartExportFormat) => void;
}) {
  const rows = funnelRows(steps);
  return (
    <ChartCard
      title="Funnel"
      description="Each response counts at the furthest stage it ever reached."
      summary={summaryOf(rows)}
      table={{
        columns: COLUMNS,
        rows: rows.map((row) => ({
          stage: row.label,
          responses: row.count,
          fromPrevious: row.fromPrevious,
          ofSent: row.ofSent,
        })),
      }}
      csvFileName="response-funnel.csv"
      pngFileName="response-funnel.png"
      onExport={onExport}
    >
      <LazyChart
        kind="funnel"
        steps={rows.map((row) => ({ label: row.label, count: row.count }))}
        formatValue={formatCount}
      />
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
        {conversionText(rows).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </ChartCard>
  );
}
