import { useState, type ChangeEvent } from 'react';

import { FormAlert } from '@/components/ui/form-feedback';
import { buttonClass } from '@/components/ui/page';
import { Table, cellClass } from '@/components/ui/table';
import {
  TRANSACTION_CSV_COLUMNS,
  TRANSACTION_CSV_MAX_BYTES,
  TRANSACTION_KIND_LABELS,
  type TransactionImportResult,
} from '@/contract/transactions';
import { apiErrorMessage } from '@/lib/api-error-message';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useImportTransactionsMutation } from './transactions.api';
import { formatDay, signedAmount } from './transactions-format';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The dry run's counts, then every row it would skip and why. */
export function ImportPreview({ preview }: { preview: TransactionImportResult }) {
  const skipped = [
    ...preview.errors.map((row) => ({ line: row.line, why: row.messages.join('; '), error: true })),
    ...preview.duplicates.map((row) => ({ line: row.line, why: row.reason, error: false })),
  ].sort((a, b) => a.line - b.line);
  return (
    <div className="space-y-2">
      <p className="text-sm">
        {plural(preview.rows, 'row', 'rows')}: {preview.valid} ready to import,{' '}
        {plural(preview.errors.length, 'error', 'errors')},{' '}
        {plural(preview.duplicates.length, 'duplicate', 'duplicates')}.
      </p>
      {preview.preview.length > 0 ? (
        <Table
          caption={
            preview.preview.length < preview.valid
              ? `Rows to import (the first ${preview.preview.length})`
              : 'Rows to import'
          }
          captionHidden={false}
          columns={[
            { key: 'line', label: 'Line' },
            { key: 'date', label: 'Date' },
            { key: 'kind', label: 'Kind' },
            { key: 'amount', label: 'Amount' },
            { key: 'client', label: 'Client' },
            { key: 'description', label: 'Description' },
          ]}
        >
          {preview.preview.map((row) => (
            <tr key={row.line}>
              <td className={`${cellClass} tabular-nums`}>{row.line}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDay(row.date)}</td>
              <td className={cellClass}>{TRANSACTION_KIND_LABELS[row.kind]}</td>
              <td className={`${cellClass} text-right whitespace-nowrap tabular-nums`}>
                {signedAmount(row.kind, row.amountMinor, row.currency)}
              </td>
              <td className={cellClass}>{row.client || '—'}</td>
              <td className={`${cellClass} break-words`}>{row.description || '—'}</td>
            </tr>
          ))}
        </Table>
      ) : null}
      {skipped.length > 0 ? (
        <Table
          caption="Rows that will be skipped"
          captionHidden={false}
          columns={[
            { key: 'line', label: 'Line' },
            { key: 'status', label: 'Problem' },
            { key: 'why', label: 'Details' },
          ]}
        >
          {skipped.map((row) => (
            <tr key={`${row.line}:${row.error ? 'e' : 'd'}`}>
              <td className={`${cellClass} tabular-nums`}>{row.line}</td>
              <td className={cellClass}>{row.error ? 'Error' : 'Duplicate'}</td>
              <td className={`${cellClass} break-words`}>{row.why}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </div>
  );
}

/** Choose a CSV file, preview what it holds (nothing is written), then import the valid rows. */
export function TransactionImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (message: string) => void;
}) {
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TransactionImportResult | null>(null);
  const [run, running] = useImportTransactionsMutation();
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setError(null);
    setCsv('');
    if (!file) return;
    if (file.size > TRANSACTION_CSV_MAX_BYTES) {
      setFileError('The CSV file must be at most 5 MB');
      return;
    }
    setFileError(null);
    setCsv(await file.text());
  };

  const send = async (dryRun: boolean) => {
    setError(null);
    const result = await run({ csv, dryRun });
    if ('error' in result || !result.data) {
      setError(apiErrorMessage(result.error, 'Could not read the CSV file. Try again.'));
      return;
    }
    if (dryRun) setPreview(result.data);
    else {
      setPreview(null);
      setCsv('');
      onImported(`Imported ${plural(result.data.imported, 'transaction', 'transactions')}.`);
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Import transactions"
      description={
        <>
          One transaction a row; the first line names the columns:{' '}
          {TRANSACTION_CSV_COLUMNS.join(', ')}. Amounts are positive, in whole units (120.50); the
          kind (income, upwork_fee, refund, expense, withdrawal) says which way the money went.
        </>
      }
      width="2xl"
    >
      <div className="space-y-3">
        <label className="block text-sm font-medium">
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void onFile(event)}
            className="mt-1 block text-sm"
          />
        </label>
        <FormAlert>{fileError ?? error}</FormAlert>
        {preview ? <ImportPreview preview={preview} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={!csv || running.isLoading}
            onClick={() => void send(true)}
          >
            Preview
          </button>
          {preview && preview.valid > 0 ? (
            <button
              type="button"
              className={buttonClass.primary}
              disabled={running.isLoading}
              onClick={() => void send(false)}
            >
              Import {plural(preview.valid, 'transaction', 'transactions')}
            </button>
          ) : null}
        </div>
      </div>
    </ModalDialog>
  );
}
