import { useState, type ChangeEvent, type FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import { Table, cellClass } from '@/components/ui/table';
import {
  CSV_COLUMNS,
  CSV_IMPORT_MAX_BYTES,
  type CsvImportResult,
  type Job,
  type JobScoreDetails,
  type ParsedJob,
} from '@/contract/jobs';

import { budgetLabel } from './job-filters';
import {
  errorMessage,
  useImportCsvMutation,
  useParseJobMutation,
  useSaveManualJobMutation,
} from './jobs.api';

const IMPORT_PREVIEW_COLUMNS = ['Row', 'Title', 'Result'].map((label) => ({ key: label, label }));

/** Paste a job (URL + text) with a parsed preview, or import a CSV with a per-row preview. */
export function AddJobsPanel({
  onSaved,
  onClose,
}: {
  onSaved: (job: Job) => void;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<'paste' | 'csv'>('paste');
  return (
    <section
      aria-label="Add jobs"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        <div role="tablist" aria-label="How to add jobs" className="flex gap-1">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'paste'}
            className={tab === 'paste' ? buttonClass.primary : buttonClass.secondary}
            onClick={() => setTab('paste')}
          >
            Paste a job
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'csv'}
            className={tab === 'csv' ? buttonClass.primary : buttonClass.secondary}
            onClick={() => setTab('csv')}
          >
            Import CSV
          </button>
        </div>
        <button type="button" className={buttonClass.ghost} onClick={onClose}>
          Close
        </button>
      </div>
      <div role="tabpanel" className="mt-4">
        {tab === 'paste' ? <PasteJob onSaved={onSaved} /> : <ImportCsv />}
      </div>
    </section>
  );
}

function PasteJob({ onSaved }: { onSaved: (job: Job) => void }) {
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<{ job: ParsedJob; score: JobScoreDetails } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [parse, parsing] = useParseJobMutation();
  const [save, saving] = useSaveManualJobMutation();

  const body = () => ({ text, ...(url.trim() ? { url: url.trim() } : {}) });
  const check = () => {
    if (text.trim().length < 20) {
      setFieldError("Paste the job's text (at least 20 characters)");
      return false;
    }
    if (url.trim() && !/^https?:\/\/\S+$/i.test(url.trim())) {
      setFieldError('The job link must start with http:// or https://');
      return false;
    }
    setFieldError(null);
    return true;
  };

  const onPreview = async () => {
    if (!check()) return;
    const result = await parse(body());
    if ('data' in result && result.data) setPreview(result.data);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    const result = await save(body());
    if ('data' in result && result.data) {
      setText('');
      setUrl('');
      setPreview(null);
      onSaved(result.data);
    }
  };

  const apiError = parsing.error ?? saving.error;
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label="Paste a job">
      <label className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Job link (optional)
        <input
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://www.upwork.com/jobs/~01…"
          className={inputClass}
          maxLength={500}
        />
      </label>
      <label className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Job text
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          maxLength={50_000}
          placeholder="Copy the whole job page (title, description, budget, skills, client) and paste it here."
          className={inputClass}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'paste-job-error' : undefined}
        />
      </label>
      {fieldError ? (
        <p id="paste-job-error" role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {fieldError}
        </p>
      ) : null}
      {apiError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(apiError)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={parsing.isLoading}
          onClick={() => void onPreview()}
        >
          {parsing.isLoading ? 'Reading…' : 'Preview'}
        </button>
        <button type="submit" className={buttonClass.primary} disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save job'}
        </button>
      </div>
      {preview ? (
        <div
          aria-label="Parsed job"
          role="region"
          className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
        >
          <p className="font-semibold">{preview.job.title}</p>
          <p>
            {budgetLabel(preview.job)} · {preview.job.experienceLevel ?? 'level not stated'} · fit{' '}
            {preview.score.fit}/100 ({preview.score.verdict})
          </p>
          <p>Skills: {preview.job.skills.join(', ') || 'none found'}</p>
          <p>Screening questions: {preview.job.screeningQuestions.length}</p>
          {preview.score.flags.length > 0 ? (
            <p>Flags: {preview.score.flags.map((f) => f.text).join('; ')}</p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function ImportCsv() {
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
      {fileError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {fileError}
        </p>
      ) : null}
      {running.error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(running.error)}
        </p>
      ) : null}
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
      {preview ? (
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
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          Imported: {done.created} new, {done.updated} updated, {done.invalid} skipped.
        </p>
      ) : null}
    </div>
  );
}
