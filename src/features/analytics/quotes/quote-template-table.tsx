import type { CsvCell, CsvRow } from '@/components/analytics/csv';
import { formatMoneyTotals, formatRate } from '@/components/analytics/format';
import type { MoneyTotals } from '@/contract/analytics-range';
import type { QuoteTemplateRow } from '@/contract/quote-analytics';

import { QuoteTableSection, type QuoteTableColumn } from './quote-table-section';

/**
 * The period's quotes by the template they were written from. Values in several currencies are
 * written side by side ("$1,200, €300"), in the file as on screen.
 */

const asText = (value: CsvCell) => (value === null ? '–' : String(value));
const asRate = (value: CsvCell) => formatRate(typeof value === 'number' ? value : null);

const COLUMNS: readonly QuoteTableColumn[] = [
  { key: 'template', label: 'Template', format: asText },
  { key: 'created', label: 'Created' },
  { key: 'sent', label: 'Sent' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'acceptanceRate', label: 'Acceptance rate', format: asRate },
  { key: 'value', label: 'Value', format: asText },
  { key: 'acceptedValue', label: 'Accepted value', format: asText },
];

const money = (totals: MoneyTotals) => formatMoneyTotals(totals, '–');

export function templateRows(rows: readonly QuoteTemplateRow[]): CsvRow[] {
  return rows.map((row) => ({
    template: row.label,
    created: row.created,
    sent: row.sent,
    accepted: row.accepted,
    acceptanceRate: row.acceptanceRate,
    value: money(row.value),
    acceptedValue: money(row.acceptedValue),
  }));
}

export function QuoteTemplateTable({
  rows,
  onExport,
}: {
  rows: readonly QuoteTemplateRow[];
  onExport: () => void;
}) {
  return (
    <QuoteTableSection
      title="By template"
      description="Which quote templates win work: the acceptance rate counts accepted out of decided quotes."
      columns={COLUMNS}
      rows={templateRows(rows)}
      csvFileName="quotes-by-template.csv"
      emptyText="No quotes in this period."
      onExport={onExport}
    />
  );
}
