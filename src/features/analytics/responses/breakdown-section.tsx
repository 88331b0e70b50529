import { useState } from 'react';

import { ChartCard, type ChartExportFormat } from '@/components/analytics/chart-card';
import { formatMoneyTotals, formatRate } from '@/components/analytics/format';
import { LazyChart } from '@/components/analytics/lazy-chart';
import {
  BREAKDOWN_DIMENSIONS,
  BREAKDOWN_TITLES,
  type Breakdown,
  type BreakdownDimension,
  type BreakdownRow,
} from '@/contract/response-analytics';

import { FEW_SENDS } from './breakdown-sort';
import { BREAKDOWN_ROW_HEADINGS, BreakdownTable } from './breakdown-table';
import { BreakdownTabs, breakdownPanelId, breakdownTabId } from './breakdown-tabs';
import { Panel } from './panel';
import { countCell, rateCell } from './table-cells';

function chartColumns(dimension: BreakdownDimension) {
  return [
    { key: 'label', label: BREAKDOWN_ROW_HEADINGS[dimension] },
    { key: 'sent', label: 'Sent', format: countCell },
    { key: 'replied', label: 'Replied', format: countCell },
    { key: 'replyRate', label: 'Reply rate', format: rateCell },
    { key: 'interviews', label: 'Interviews', format: countCell },
    { key: 'hired', label: 'Hired', format: countCell },
    { key: 'hireRate', label: 'Hire rate', format: rateCell },
    { key: 'connects', label: 'Connects', format: countCell },
    { key: 'revenue', label: 'Revenue' },
  ];
}

function chartRows(rows: readonly BreakdownRow[]) {
  return rows.map((row) => ({
    label: row.label,
    sent: row.sent,
    replied: row.replied,
    replyRate: row.replyRate,
    interviews: row.interviews,
    hired: row.hired,
    hireRate: row.hireRate,
    connects: row.connects,
    revenue: formatMoneyTotals(row.revenue, ''),
  }));
}

function summaryOf(title: string, rows: readonly BreakdownRow[]): string {
  const rated = rows.filter((row) => row.replyRate !== null);
  if (rated.length === 0) return `Reply rate ${title.toLowerCase()}: no sends in this period.`;
  const best = rated.reduce((top, row) =>
    (row.replyRate ?? 0) > (top.replyRate ?? 0) ? row : top,
  );
  return `Reply rate ${title.toLowerCase()}, ${rated.length} rows; the highest is ${best.label} at ${formatRate(best.replyRate)} of ${best.sent} sent.`;
}

/**
 * The breakdowns, one at a time under a tab list: a sortable table of what each group's
 * responses led to, and a bar chart of the reply rate with the same rows as a table and CSV.
 */
export function BreakdownSection({
  breakdowns,
  onExport,
}: {
  breakdowns: readonly Breakdown[];
  onExport: (dimension: BreakdownDimension, format: ChartExportFormat) => void;
}) {
  const [selected, setSelected] = useState<BreakdownDimension>('template');
  const present = new Map(breakdowns.map((breakdown) => [breakdown.dimension, breakdown.rows]));
  const dimensions = BREAKDOWN_DIMENSIONS.filter((dimension) => present.has(dimension));
  const current = dimensions.includes(selected) ? selected : (dimensions[0] ?? 'template');
  const rows = present.get(current) ?? [];
  const title = BREAKDOWN_TITLES[current];

  return (
    <Panel
      title="Breakdowns"
      description={`What the responses of each group led to. Rows with fewer than ${FEW_SENDS} sends say "few sends": one reply moves their rates a lot.`}
    >
      <BreakdownTabs dimensions={dimensions} selected={current} onSelect={setSelected} />
      <div
        role="tabpanel"
        id={breakdownPanelId(current)}
        aria-labelledby={breakdownTabId(current)}
        className="mt-4 space-y-4"
      >
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No responses sent in this period.
          </p>
        ) : (
          <BreakdownTable key={current} dimension={current} rows={rows} caption={title} />
        )}
        <ChartCard
          title={`Reply rate ${title.toLowerCase()}`}
          summary={summaryOf(title, rows)}
          table={{ columns: chartColumns(current), rows: chartRows(rows) }}
          csvFileName={`responses-${current}.csv`}
          pngFileName={`responses-${current}-reply-rate.png`}
          onExport={(format) => onExport(current, format)}
        >
          <LazyChart
            kind="bar"
            data={rows.map((row) => ({ label: row.label, replyRate: row.replyRate }))}
            xKey="label"
            series={[{ key: 'replyRate', label: 'Reply rate' }]}
            formatY={formatRate}
          />
        </ChartCard>
      </div>
    </Panel>
  );
}
