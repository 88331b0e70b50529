import { buttonClass } from '@/components/ui/page';
import { CSV_COLUMNS } from '@/contract/jobs';

import { CsvImportPreview } from './csv-import-preview';
import { FormAlert } from '@/components/ui/form-feedback';
import { errorMessage } from './jobs.api';
import { useCsvImport } from './use-csv-import';

/** Choose a CSV file, preview its rows, then import the valid ones. */
export function ImportCsvForm() {
  const { csv, fileName, fileError, preview, done, running, onFile, onPreview, onImport } =
    useCsvImport();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        One job a row. The first line names the columns; <code>title</code> is required, the others
        are optional: {CSV_COLUMNS.join(', ')}.
      </p>
      <label className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void onFile(event)}
          className="mt-1 block text-sm"
        />
      </label>
      {fileName ? <p className="text-xs text-slate-500">{fileName}</p> : null}
      <FormAlert>{fileError}</FormAlert>
      <FormAlert>{running.error ? errorMessage(running.error) : null}</FormAlert>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!csv || running.isLoading}
          onClick={() => void onPreview()}
        >
          Preview
        </button>
        {preview && preview.valid > 0 ? (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={running.isLoading}
            onClick={() => void onImport()}
          >
            Import {preview.valid} {preview.valid === 1 ? 'job' : 'jobs'}
          </button>
        ) : null}
      </div>
      {preview ? <CsvImportPreview preview={preview} /> : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          Imported: {done.created} new, {done.updated} updated, {done.invalid} skipped.
        </p>
      ) : null}
    </div>
  );
}
