import { useState, type FormEvent } from 'react';

import { buttonClass, inputClass } from '@/components/ui/page';
import type { Job, JobScoreDetails, ParsedJob } from '@/contract/jobs';

import { FormAlert } from '@/components/ui/form-feedback';
import { errorMessage, useParseJobMutation, useSaveManualJobMutation } from './jobs.api';
import { ParsedJobPreview } from './parsed-job-preview';
import { pastedJobBody, pastedJobProblem } from './paste-job-fields';

const fieldLabelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/** Paste a job's link and text, preview what is read from it, and save it. */
export function PasteJobForm({ onSaved }: { onSaved: (job: Job) => void }) {
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<{ job: ParsedJob; score: JobScoreDetails } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [parse, parsing] = useParseJobMutation();
  const [save, saving] = useSaveManualJobMutation();

  const check = () => {
    const problem = pastedJobProblem(text, url);
    setFieldError(problem);
    return problem === null;
  };
  const onPreview = async () => {
    if (!check()) return;
    const result = await parse(pastedJobBody(text, url));
    if ('data' in result && result.data) setPreview(result.data);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    const result = await save(pastedJobBody(text, url));
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
      <label className={fieldLabelClass}>
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
      <label className={fieldLabelClass}>
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
      <FormAlert id="paste-job-error">{fieldError}</FormAlert>
      <FormAlert>{apiError ? errorMessage(apiError) : null}</FormAlert>
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
      {preview ? <ParsedJobPreview job={preview.job} score={preview.score} /> : null}
    </form>
  );
}
