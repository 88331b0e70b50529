import { useId, useState } from 'react';

import { Field } from '@/components/ui/field';
import { FormAlert, FormStatus } from '@/components/ui/form-feedback';
import { buttonClass, inputClass } from '@/components/ui/page';
import {
  LEAD_CSV_COLUMNS,
  LEAD_CSV_MAX_BYTES,
  LEAD_CSV_MAX_ROWS,
  LEAD_STAGE_LABELS,
  type LeadImportResult,
} from '@/contract/leads';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useImportLeadsMutation } from './leads.api';
import { leadValueText } from './leads-format';

const MAX_LISTED = 50;

function Preview({ result }: { result: LeadImportResult }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        {result.rows} {result.rows === 1 ? 'row' : 'rows'}:{' '}
        <strong>{result.valid} ready to import</strong>
        {result.errors.length > 0 ? `, ${result.errors.length} with errors` : ''}
        {result.duplicates.length > 0 ? `, ${result.duplicates.length} duplicates` : ''}.
        {result.errors.length + result.duplicates.length > 0 ? ' Those rows are skipped.' : ''}
      </p>
      {result.errors.length > 0 ? (
        <section aria-labelledby="lead-import-errors">
          <h3 id="lead-import-errors" className="font-semibold">
            Rows with errors
          </h3>
          <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
            {result.errors.slice(0, MAX_LISTED).map((issue) => (
              <li key={issue.line}>
                Line {issue.line}: {issue.messages.join('; ')}
              </li>
            ))}
          </ul>
          {result.errors.length > MAX_LISTED ? (
            <p>…and {result.errors.length - MAX_LISTED} more.</p>
          ) : null}
        </section>
      ) : null}
      {result.duplicates.length > 0 ? (
        <section aria-labelledby="lead-import-duplicates">
          <h3 id="lead-import-duplicates" className="font-semibold">
            Duplicates
          </h3>
          <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
            {result.duplicates.slice(0, MAX_LISTED).map((duplicate) => (
              <li key={duplicate.line}>
                Line {duplicate.line}: {duplicate.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.preview.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="min-w-full text-left text-xs">
            <caption className="px-2 py-1 text-left font-semibold">First rows</caption>
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                {['Contact', 'Company', 'Email', 'Stage', 'Value'].map((label) => (
                  <th key={label} scope="col" className="px-2 py-1">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.preview.map((row, index) => (
                <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-2 py-1">{row.contactName}</td>
                  <td className="px-2 py-1">{row.company}</td>
                  <td className="px-2 py-1">{row.email}</td>
                  <td className="px-2 py-1">{LEAD_STAGE_LABELS[row.stage]}</td>
                  <td className="px-2 py-1">{leadValueText(row.valueMinor, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** Import leads from a CSV file: a preview first (nothing written), then the import itself. */
export function LeadImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<LeadImportResult | null>(null);
  const [done, setDone] = useState<LeadImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [send, state] = useImportLeadsMutation();

  const run = async (text: string, dryRun: boolean) => {
    setError(null);
    const result = await send({ csv: text, dryRun });
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'Could not read the file. Try again.'));
      return;
    }
    if (dryRun) setPreview(result.data);
    else setDone(result.data);
  };

  const pick = async (file: File | undefined) => {
    setPreview(null);
    setDone(null);
    setCsv(null);
    if (!file) return;
    if (file.size > LEAD_CSV_MAX_BYTES) {
      setError(
        `The file is larger than ${LEAD_CSV_MAX_BYTES / (1024 * 1024)} MB. Split it and import the parts.`,
      );
      return;
    }
    const text = await file.text();
    setCsv(text);
    await run(text, true);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      width="3xl"
      title="Import leads from CSV"
      description={`A header row with the columns ${LEAD_CSV_COLUMNS.join(', ')} (contact_name is required); at most ${LEAD_CSV_MAX_ROWS.toLocaleString('en-US')} rows. Values are in major units, tags separated by semicolons.`}
    >
      <div className="space-y-4">
        <Field id={`${id}-file`} label="CSV file">
          <input
            type="file"
            accept=".csv,text/csv"
            className={inputClass}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
        </Field>
        {state.isLoading ? (
          <FormStatus>{csv && preview ? 'Importing…' : 'Checking the file…'}</FormStatus>
        ) : null}
        <FormAlert>{error}</FormAlert>
        {done ? (
          <FormStatus>
            Imported {done.imported} {done.imported === 1 ? 'lead' : 'leads'}
            {done.errors.length + done.duplicates.length > 0
              ? `; ${done.errors.length + done.duplicates.length} rows skipped`
              : ''}
            .
          </FormStatus>
        ) : preview ? (
          <Preview result={preview} />
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => onOpenChange(false)}
          >
            {done ? 'Close' : 'Cancel'}
          </button>
          {done ? null : (
            <button
              type="button"
              className={buttonClass.primary}
              disabled={!csv || !preview || preview.valid === 0 || state.isLoading}
              onClick={() => (csv ? void run(csv, false) : undefined)}
            >
              {preview && preview.valid > 0
                ? `Import ${preview.valid} ${preview.valid === 1 ? 'lead' : 'leads'}`
                : 'Import'}
            </button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
