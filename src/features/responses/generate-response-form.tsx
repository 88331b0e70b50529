import { Sparkles, Square } from 'lucide-react';
import type { FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import { buttonClass } from '@/components/ui/page';
import { Select, optionsOf } from '@/components/ui/select';
import { LENGTHS, TONES } from '@/contract/responses';

import { LENGTH_LABELS, TONE_LABELS, type GenerateFormValues } from './generate-form';
import { JobSourceFieldset } from './job-source-fieldset';
import { useResponseTemplateOptionsQuery } from './responses.api';
import type { useJobChoices } from './use-job-choices';

/** The choices of a generate run: job, template, tone, length and how many variants. */
export function GenerateResponseForm({
  form,
  jobs,
  onSubmit,
  busy,
  running,
  onStop,
}: {
  form: UseFormReturn<GenerateFormValues>;
  jobs: ReturnType<typeof useJobChoices>;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  running: boolean;
  onStop: () => void;
}) {
  const { register } = form;
  const templates = useResponseTemplateOptionsQuery();
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      noValidate
    >
      <JobSourceFieldset form={form} jobs={jobs} />
      {/* Mounted once the templates are known, so a ?templateId= default finds its option. */}
      {templates.isLoading ? (
        <div>
          <p className="block text-sm font-medium">Template</p>
          <p className="text-sm">Loading templates…</p>
        </div>
      ) : (
        <Select
          id="templateId"
          label="Template"
          options={[
            { value: '', label: 'Let the agent choose' },
            ...(templates.data?.items ?? []).map((t) => ({
              value: t.id,
              label: `${t.name}${t.isDefault ? ' (default)' : ''}`,
            })),
          ]}
          {...register('templateId')}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <Select
          id="tone"
          label="Tone"
          options={optionsOf(TONES, TONE_LABELS)}
          {...register('tone')}
        />
        <Select
          id="length"
          label="Length"
          options={optionsOf(LENGTHS, LENGTH_LABELS)}
          {...register('length')}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Variants</legend>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input type="radio" value="1" {...register('variants')} /> One
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" value="2" {...register('variants')} /> Two (A/B)
          </label>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          <Sparkles className="size-4" aria-hidden="true" /> {busy ? 'Writing…' : 'Generate'}
        </button>
        {running ? (
          <button type="button" className={buttonClass.secondary} onClick={onStop}>
            <Square className="size-4" aria-hidden="true" /> Stop
          </button>
        ) : null}
      </div>
    </form>
  );
}
