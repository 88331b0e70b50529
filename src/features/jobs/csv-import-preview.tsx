import { Table, cellClass } from '@/components/ui/table';
import type { CsvImportResult } from '@/contract/jobs';

const IMPORT_PREVIEW_COLUMNS = ['Row', 'Title', 'Result'].map((label) => ({ key: label, label }));

/** The rows of a CSV dry run: which are ready and why the others are skipped. */
export function CsvImportPreview({ preview }: { preview: CsvImportResult }) {
  return (
    <Table
      caption={`${preview.valid} ready, ${preview.invalid} with errors (rows with errors are skipped)`}
      captionHidden={false}
      columns={IMPORT_PREVIEW_COLUMNS}
      className="w-full"
    >
      {preview.rows.slice(0, 200).map((row) => (
        <tr key={row.row} className={row.ok ? '' : 'text-rose-700 dark:text-rose-300'}>
          <td className={cellClass}>{row.row}</td>
          <td className={cellClass}>{row.title ?? '—'}</td>
          <td className={cellClass}>{row.ok ? 'OK' : row.errors.join('; ')}</td>
        </tr>
      ))}
    </Table>
  );
}
