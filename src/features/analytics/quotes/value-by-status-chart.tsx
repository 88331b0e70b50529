import {
  ChartCard,
  type ChartExportFormat,
  type ChartTableColumn,
} from '@/components/analytics/chart-card';
import type { CsvCell, CsvRow } from '@/components/analytics/csv';
import { formatMajorMoney, formatMoneyTotals, minorToMajor } from '@/components/analytics/format';
import { LazyChart } from '@/components/analytics/lazy-chart';
import type { QuoteAnalytics } from '@/contract/quote-analytics';

import { QUOTE_STATUS_NAMES } from './quote-status-labels';

/** Axis ticks when several currencies share the axis: 140K, 1.2M. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

/**
 * "Value by status": what the period's quotes are worth at the status each has now, one bar per
 * currency. The table beside it also counts the quotes that ever reached each status.
 */

const valueKey = (currency: string) => `value_${currency}`;

/** The currencies the quotes are in, the largest total first. */
function currenciesOf(data: QuoteAnalytics): string[] {
  const seen = new Set(data.totals.totalValue.map((amount) => amount.currency));
  for (const row of data.byStatus) for (const amount of row.value) seen.add(amount.currency);
  return [...seen];
}

export function valueByStatusTable(data: QuoteAnalytics): {
  columns: ChartTableColumn[];
  rows: CsvRow[];
  currencies: string[];
} {
  const currencies = currenciesOf(data);
  const columns: ChartTableColumn[] = [
    { key: 'status', label: 'Status' },
    { key: 'current', label: 'Quotes now' },
    { key: 'reached', label: 'Ever reached' },
    ...currencies.map((currency) => ({
      key: valueKey(currency),
      label: `Value now (${currency})`,
      format: (value: CsvCell) =>
        formatMajorMoney(typeof value === 'number' ? value : null, currency),
    })),
  ];
  const rows = data.byStatus.map((row) => {
    const cells: CsvRow = {
      status: QUOTE_STATUS_NAMES[row.status],
      current: row.current,
      reached: row.reached,
    };
    for (const currency of currencies) {
      const amount = row.value.find((money) => money.currency === currency)?.amountMinor ?? 0;
      cells[valueKey(currency)] = minorToMajor(amount, currency);
    }
    return cells;
  });
  return { columns, rows, currencies };
}

export function ValueByStatusChart({
  data,
  onExport,
}: {
  data: QuoteAnalytics;
  onExport: (format: ChartExportFormat) => void;
}) {
  const { columns, rows, currencies } = valueByStatusTable(data);
  const summary = `Value of the quotes now in each status: ${data.byStatus
    .map((row) => `${QUOTE_STATUS_NAMES[row.status]} ${formatMoneyTotals(row.value, 'none')}`)
    .join('; ')}.`;
  const only = currencies.length === 1 ? currencies[0] : undefined;
  return (
    <ChartCard
      title="Value by status"
      description="What the quotes created in this period are worth, by the status each has now."
      summary={summary}
      table={{ columns, rows }}
      csvFileName="quote-value-by-status.csv"
      pngFileName="quote-value-by-status.png"
      onExport={onExport}
    >
      <LazyChart
        kind="bar"
        data={rows}
        xKey="status"
        series={currencies.map((currency) => ({
          key: valueKey(currency),
          label: `Value (${currency})`,
        }))}
        formatY={
          only ? (value: number) => formatMajorMoney(value, only) : (value) => compact.format(value)
        }
      />
    </ChartCard>
  );
}
