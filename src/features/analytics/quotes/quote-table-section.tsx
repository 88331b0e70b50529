import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { downloadCsv, type CsvCell, type CsvRow } from '@/components/analytics/csv';
import { buttonClass } from '@/components/ui/page';
import { cellClass, Table } from '@/components/ui/table';

/**
 * A titled table of the quote analytics page with a CSV download of its rows. The file keeps the
 * raw numbers (money in major units, rates as fractions 0..1); the screen shows them formatted.
 * A table wider than the screen scrolls sideways inside its card.
 */

export type QuoteTableColumn = {
  key: string;
  label: string;
  /** The cell for people; the CSV keeps the raw value. */
  format?: (value: CsvCell) => string;
};

function cellText(column: QuoteTableColumn, value: CsvCell | undefined): string {
  if (column.format) return column.format(value ?? null);
  if (value === null || value === undefined) return '–';
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

export function QuoteTableSection({
  title,
  description,
  columns,
  rows,
  csvFileName,
  emptyText,
  onExport,
}: {
  title: string;
  description: ReactNode;
  columns: readonly QuoteTableColumn[];
  rows: readonly CsvRow[];
  csvFileName: string;
  emptyText: string;
  onExport: () => void;
}) {
  const headingId = useId();
  const download = () => {
    downloadCsv(csvFileName, columns, rows);
    onExport();
  };
  const [first, ...rest] = columns;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
        </div>
        {rows.length > 0 ? (
          <button type="button" className={buttonClass.secondary} onClick={download}>
            <Download className="size-4" aria-hidden="true" />
            CSV<span className="sr-only"> of {title}</span>
          </button>
        ) : null}
      </div>
      {rows.length === 0 || !first ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>
      ) : (
        <Table caption={title} columns={columns}>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row" className={`${cellClass} min-w-40 font-medium`}>
                {cellText(first, row[first.key])}
              </th>
              {rest.map((column) => (
                <td key={column.key} className={`${cellClass} whitespace-nowrap`}>
                  {cellText(column, row[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
