import { useState } from 'react';

import { buttonClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import type { TemplatePreview as TemplatePreviewResult } from '@/contract/templates';

import { usePreviewJobsQuery, usePreviewTemplateMutation } from './templates.api';

type Props = {
  body: string;
  /** Reports a failed preview (a message), or clears the last error when a preview starts (null). */
  onError: (message: string | null) => void;
};

/** Fills the template from a sample job or one of the caller's jobs and shows the result. */
export function TemplatePreview({ body, onError }: Props) {
  const [jobId, setJobId] = useState('');
  const [preview, setPreview] = useState<TemplatePreviewResult | null>(null);
  const [runPreview, previewState] = usePreviewTemplateMutation();
  const jobs = usePreviewJobsQuery();

  const showPreview = async () => {
    onError(null);
    const result = await runPreview({ body, ...(jobId ? { jobId } : {}) });
    if ('error' in result) onError('Could not build the preview.');
    else setPreview(result.data);
  };

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <div className="flex flex-wrap items-end gap-2">
        <Select
          id="preview-job"
          label="Preview against"
          options={[
            { value: '', label: 'A sample job' },
            ...(jobs.data?.items ?? []).map((job) => ({ value: job.id, label: job.title })),
          ]}
          value={jobId}
          onChange={(e) => {
            setJobId(e.target.value);
            setPreview(null);
          }}
        />
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void showPreview()}
          disabled={previewState.isLoading}
        >
          Preview
        </button>
      </div>
      {preview ? (
        <div
          aria-label="Preview"
          className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
        >
          {preview.text}
        </div>
      ) : null}
    </div>
  );
}
