import { Download } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

import { buttonClass } from '@/components/ui/page';
import { cellClass, Table } from '@/components/ui/table';

import { backgroundOf, chartPngBlob } from './chart-png';
import { downloadBlob, downloadCsv, type CsvCell, type CsvRow } from './csv';

/**
 * A chart in a card with the same data as a table. The table is always in the page for screen
 * readers (visually hidden while the chart shows), so every chart can be read as a table; the
 * "Chart | Table" toggle shows it to everyone. The rows download as CSV and the chart as PNG.
 */

export type ChartTableColumn = {
  key: string;
  label: string;
  /** The cell as text in the table; the CSV keeps the raw value. */
  format?: (value: CsvCell) => string;
};

export type ChartTable = {
  columns: readonly ChartTableColumn[];
  /** Rows as the CSV file gets them: money in major units, rates as fractions 0..1. */
  rows: readonly CsvRow[];
};

export type ChartExportFormat = 'csv' | 'png';

export type ChartCardProps = {
  title: string;
  description?: ReactNode;
  /** One or two sentences saying what the chart shows; screen readers read it for the chart. */
  summary: string;
  table: ChartTable;
  csvFileName: string;
  pngFileName: string;
  /** Called after each download (the screens log it). */
  onExport?: (format: ChartExportFormat) => void;
  /** Said instead of the chart and the table when there are no rows. */
  emptyText?: string;
  /** The chart, usually a LazyChart. */
  children: ReactNode;
};

type View = 'chart' | 'table';
type PngState = 'loading' | 'ready' | 'hidden';

function cellText(column: ChartTableColumn, value: CsvCell | undefined): string {
  if (column.format) return column.format(value ?? null);
  return value === null || value === undefined ? '–' : String(value);
}

/** Watches the chart container for the chart's SVG (it arrives with the lazily loaded chart). */
function useChartSvg(
  container: RefObject<HTMLDivElement | null>,
  view: View,
  mounted: boolean,
): PngState {
  const [hasSvg, setHasSvg] = useState(false);
  useEffect(() => {
    const node = container.current;
    if (!node) return undefined;
    const check = () => setHasSvg(node.querySelector('svg') !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(node, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, mounted]);
  if (view === 'table') return 'hidden';
  return hasSvg ? 'ready' : 'loading';
}

const PNG_REASON: Record<Exclude<PngState, 'ready'>, string> = {
  loading: 'The chart is still being drawn.',
  hidden: 'Switch to the chart to save it as an image.',
};

const toggleClass =
  'px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white';

export function ChartCard({
  title,
  description,
  summary,
  table,
  csvFileName,
  pngFileName,
  onExport,
  emptyText = 'Nothing to show for this period.',
  children,
}: ChartCardProps) {
  const id = useId();
  const [view, setView] = useState<View>('chart');
  const [pngError, setPngError] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const empty = table.rows.length === 0;
  const pngState = useChartSvg(chartRef, view, !empty);

  const downloadTable = () => {
    downloadCsv(csvFileName, table.columns, table.rows);
    onExport?.('csv');
  };

  const downloadPng = async () => {
    const svg = chartRef.current?.querySelector('svg');
    if (!svg) return;
    setPngError(null);
    try {
      const style = window.getComputedStyle(figureRef.current ?? document.body);
      const blob = await chartPngBlob(svg, {
        title,
        background: backgroundOf(figureRef.current, '#ffffff'),
        text: style.color || '#0f172a',
      });
      downloadBlob(pngFileName, blob);
      onExport?.('png');
    } catch (error) {
      setPngError(error instanceof Error ? error.message : 'The image could not be saved');
    }
  };

  const pngReasonId = `${id}-png-reason`;
  const pngReason = pngState === 'ready' ? null : PNG_REASON[pngState];

  return (
    <figure
      ref={figureRef}
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <figcaption className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          {description ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
          ) : null}
        </figcaption>
        {empty ? null : (
          <div className="flex flex-wrap items-center gap-2">
            <div
              role="group"
              aria-label={`Show ${title} as`}
              className="inline-flex overflow-hidden rounded-lg border border-slate-300 dark:border-slate-600"
            >
              <button
                type="button"
                aria-pressed={view === 'chart'}
                className={toggleClass}
                onClick={() => setView('chart')}
              >
                Chart
              </button>
              <button
                type="button"
                aria-pressed={view === 'table'}
                className={`${toggleClass} border-l border-slate-300 dark:border-slate-600`}
                onClick={() => setView('table')}
              >
                Table
              </button>
            </div>
            <button type="button" className={buttonClass.secondary} onClick={downloadTable}>
              <Download className="size-4" aria-hidden="true" />
              CSV<span className="sr-only"> of {title}</span>
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={pngReason !== null}
              aria-describedby={pngReason ? pngReasonId : undefined}
              onClick={() => void downloadPng()}
            >
              <Download className="size-4" aria-hidden="true" />
              PNG<span className="sr-only"> of {title}</span>
            </button>
          </div>
        )}
      </div>
      {empty ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>
      ) : (
        <>
          {pngReason ? (
            <p id={pngReasonId} className="mt-2 text-xs text-slate-600 dark:text-slate-300">
              PNG: {pngReason}
            </p>
          ) : null}
          {pngError ? (
            <p role="alert" className="mt-2 text-xs text-rose-700 dark:text-rose-300">
              {pngError}
            </p>
          ) : null}
          <div
            ref={chartRef}
            role="img"
            aria-label={summary}
            hidden={view !== 'chart'}
            className="mt-4 min-w-0"
          >
            {children}
          </div>
          <div className={view === 'table' ? 'mt-4' : 'sr-only'}>
            <Table caption={title} columns={table.columns} scrollBox={view === 'table'}>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {table.columns.map((column) => (
                    <td key={column.key} className={`${cellClass} whitespace-nowrap`}>
                      {cellText(column, row[column.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </Table>
          </div>
        </>
      )}
    </figure>
  );
}
