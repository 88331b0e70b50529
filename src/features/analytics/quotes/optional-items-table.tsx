import type { CsvCell, CsvRow } from '@/components/analytics/csv';
import { formatRate } from '@/components/analytics/format';
import type { OptionalItemRow } from '@/contract/quote-analytics';

import { QuoteTableSection, type QuoteTableColumn } from './quote-table-section';

/** The optional lines of the accepted quotes: how often clients ticked each when accepting. */

const COLUMNS: readonly QuoteTableColumn[] = [
  { key: 'item', label: 'Optional item' },
  { key: 'offered', label: 'Offered' },
  { key: 'ticked', label: 'Ticked' },
  {
    key: 'tickRate',
    label: 'Tick rate',
    format: (value: CsvCell) => formatRate(typeof value === 'number' ? value : null),
  },
];

export function OptionalItemsTable({
  rows,
  onExport,
}: {
  rows: readonly OptionalItemRow[];
  onExport: () => void;
}) {
  const csvRows: CsvRow[] = rows.map((row) => ({
    item: row.label,
    offered: row.offered,
    ticked: row.ticked,
    tickRate: row.tickRate,
  }));
  return (
    <QuoteTableSection
      title="Which optional items clients tick"
      description="The optional lines of the accepted quotes created in this period, grouped by label."
      columns={COLUMNS}
      rows={csvRows}
      csvFileName="quote-optional-items.csv"
      emptyText="No accepted quote in this period offered optional items."
      onExport={onExport}
    />
  );
}
