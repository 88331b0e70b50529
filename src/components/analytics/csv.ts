import Papa from 'papaparse';

/**
 * CSV files of what an analytics screen shows, built in the browser from the rows on screen.
 * Text cells that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) are prefixed with ' so they stay text; numbers are written as numbers.
 */

export type CsvCell = string | number | null;
export type CsvColumn = { key: string; label: string };
export type CsvRow = Record<string, CsvCell>;

/** The CSV text: a header of the column labels, then one line per row, CRLF line ends. */
export function toCsv(columns: readonly CsvColumn[], rows: readonly CsvRow[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.label),
      data: rows.map((row) => columns.map((column) => row[column.key] ?? '')),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** Hands a file to the browser's downloads. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the rows as a CSV file (UTF-8 with a byte order mark, so Excel reads accents). */
export function downloadCsv(
  fileName: string,
  columns: readonly CsvColumn[],
  rows: readonly CsvRow[],
): void {
  const text = `\uFEFF${toCsv(columns, rows)}`;
  downloadBlob(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
