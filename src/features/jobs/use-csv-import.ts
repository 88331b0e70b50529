import { useState, type ChangeEvent } from 'react';

import { CSV_IMPORT_MAX_BYTES, type CsvImportResult } from '@/contract/jobs';

import { useImportCsvMutation } from './jobs.api';

/** The CSV import's state: the chosen file, its dry-run preview, and the import's outcome. */
export function useCsvImport() {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvImportResult | null>(null);
  const [done, setDone] = useState<CsvImportResult | null>(null);
  const [run, running] = useImportCsvMutation();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setDone(null);
    if (!file) return;
    if (file.size > CSV_IMPORT_MAX_BYTES) {
      setFileError('The CSV file must be at most 5 MB');
      return;
    }
    setFileError(null);
    setFileName(file.name);
    setCsv(await file.text());
  };
  const onPreview = async () => {
    setDone(null);
    const result = await run({ csv, dryRun: true });
    if ('data' in result && result.data) setPreview(result.data);
  };
  const onImport = async () => {
    const result = await run({ csv, dryRun: false });
    if ('data' in result && result.data) {
      setDone(result.data);
      setPreview(null);
    }
  };

  return { csv, fileName, fileError, preview, done, running, onFile, onPreview, onImport };
}
