import { useWatch, type UseFormReturn } from 'react-hook-form';

import { Field, hintClass } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { inputClass } from '@/components/ui/page';

import type { GenerateFormValues } from './generate-form';
import type { useJobChoices } from './use-job-choices';

/** The job to write for: one of the user's jobs, or a pasted job text with its address. */
export function JobSourceFieldset({
  form,
  jobs,
}: {
  form: UseFormReturn<GenerateFormValues>;
  jobs: ReturnType<typeof useJobChoices>;
}) {
  const { register, control, formState } = form;
  const source = useWatch({ control, name: 'source' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Job</legend>
      <div className="flex gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input type="radio" value="job" {...register('source')} /> From my jobs
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" value="paste" {...register('source')} /> Paste a job
        </label>
      </div>
      {source === 'job' ? (
        <div>
          {/* Mounted once the jobs are known, so a ?jobId= default finds its option. */}
          {jobs.loading ? (
            <p className="text-sm">Loading your jobs…</p>
          ) : (
            <Select
              id="jobId"
              label="Job"
              labelHidden
              options={[
                { value: '', label: 'Choose a job…' },
                ...jobs.choices.map((job) => ({ value: job.id, label: job.title })),
              ]}
              error={formState.errors.jobId?.message}
              {...register('jobId')}
            />
          )}
          {jobs.unavailable ? (
            <p className={hintClass}>Your jobs are not available; paste the job instead.</p>
          ) : null}
        </div>
      ) : (
        <div className="space-y-2">
          <Field
            id="jobText"
            label="Job text (title on the first line)"
            error={formState.errors.jobText?.message}
          >
            <textarea rows={8} className={inputClass} {...register('jobText')} />
          </Field>
          <Field id="jobUrl" label="Job URL (optional)">
            <input
              type="url"
              className={inputClass}
              placeholder="https://www.upwork.com/jobs/…"
              {...register('jobUrl')}
            />
          </Field>
        </div>
      )}
    </fieldset>
  );
}
