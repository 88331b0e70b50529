import Papa from 'papaparse';

/** CSV for exports; formula-like cells are escaped so spreadsheets don't execute them. */
export function toCsv(rows: Array<Record<string, unknown>>, columns: string[]): string {
  return Papa.unparse(
    {
      fields: columns,
      data: rows.map((row) => columns.map((column) => cell(row[column]))),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** RFC 6266 attachment header with an ASCII fallback and a UTF-8 name. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
