import { Copy, ExternalLink, Save, Sparkles, Square } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';

import { PageHeader, buttonClass, inputClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import {
  LENGTHS,
  TONES,
  type CheckResult,
  type GenerationEvent,
  type ResponseLength,
  type Tone,
  type Variant,
} from '@/contract/responses';

import {
  CharCount,
  ChecksList,
  OfflineBadge,
  StepsList,
  formatCost,
  safeHttpUrl,
  type StepView,
} from './response-ui';
import {
  useAiStatusQuery,
  useResponseJobOptionsQuery,
  useResponseJobQuery,
  useResponseProfileQuery,
  useResponseTemplateOptionsQuery,
  useUpdateResponseMutation,
} from './responses.api';
import { StreamError, useGenerationStream } from './use-generation-stream';

type FormValues = {
  source: 'job' | 'paste';
  jobId: string;
  jobText: string;
  jobUrl: string;
  templateId: string;
  tone: Tone;
  length: ResponseLength;
  variants: '1' | '2';
};

type VariantState = {
  steps: StepView[];
  /** Text of the agent step being streamed. */
  text: string;
  step: number;
  final: string | null;
  edited: string | null;
  checks: CheckResult[];
  responseId: string | null;
  meta: {
    model: string;
    tokens: number;
    costMicros: number;
    latencyMs: number;
    citations: string[];
  } | null;
  saved: boolean;
};

const emptyVariant = (): VariantState => ({
  steps: [],
  text: '',
  step: -1,
  final: null,
  edited: null,
  checks: [],
  responseId: null,
  meta: null,
  saved: false,
});

const TONE_LABELS: Record<Tone, string> = {
  professional: 'Professional',
  friendly: 'Friendly',
  confident: 'Confident',
  concise: 'Concise',
};
const LENGTH_LABELS: Record<ResponseLength, string> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
};

export default function GenerateResponsePage() {
  const profile = useResponseProfileQuery();
  if (profile.isLoading) return <p role="status">Loading…</p>;
  return (
    <GenerateResponse
      tone={profile.data?.defaultTone ?? 'professional'}
      length={profile.data?.defaultLength ?? 'medium'}
    />
  );
}

function GenerateResponse(defaults: { tone: Tone; length: ResponseLength }) {
  const [params] = useSearchParams();
  const jobIdParam = params.get('jobId') ?? '';
  const aiStatus = useAiStatusQuery();
  const templates = useResponseTemplateOptionsQuery();
  const jobOptions = useResponseJobOptionsQuery();
  const linkedJob = useResponseJobQuery(jobIdParam, { skip: !jobIdParam });
  const stream = useGenerationStream();
  const [updateResponse] = useUpdateResponseMutation();

  const form = useForm<FormValues>({
    defaultValues: {
      source: jobIdParam ? 'job' : 'paste',
      jobId: jobIdParam,
      jobText: '',
      jobUrl: '',
      templateId: params.get('templateId') ?? '',
      tone: defaults.tone,
      length: defaults.length,
      variants: '1',
    },
  });
  const { register, handleSubmit, control, formState } = form;
  const source = useWatch({ control, name: 'source' });
  const selectedJobId = useWatch({ control, name: 'jobId' });
  const pastedUrl = useWatch({ control, name: 'jobUrl' });

  const [variants, setVariants] = useState<Partial<Record<Variant, VariantState>>>({});
  const [offline, setOffline] = useState<boolean | null>(null);
  const [error, setError] = useState<{ message: string; retryable: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const jobs = jobOptions.data?.items ?? [];
  const linked = linkedJob.data;
  const jobChoices = linked && !jobs.some((j) => j.id === linked.id) ? [linked, ...jobs] : jobs;
  const chosenJob = jobChoices.find((j) => j.id === selectedJobId) ?? null;
  const upworkUrl = safeHttpUrl(source === 'job' ? (chosenJob?.url ?? null) : pastedUrl || null);

  const patch = (variant: Variant, change: (state: VariantState) => VariantState) =>
    setVariants((current) => ({
      ...current,
      [variant]: change(current[variant] ?? emptyVariant()),
    }));

  const onEvent = (event: GenerationEvent) => {
    switch (event.type) {
      case 'start':
        setOffline(event.data.offline);
        setVariants(
          Object.fromEntries(
            event.data.variants.map((v) => [
              v,
              { ...emptyVariant(), responseId: event.data.responseIds[v] ?? null },
            ]),
          ),
        );
        break;
      case 'step':
        patch(event.data.variant, (s) => {
          const others = s.steps.filter((step) => step.id !== event.data.id);
          const index = s.steps.findIndex((step) => step.id === event.data.id);
          const next = {
            id: event.data.id,
            label: event.data.label,
            status: event.data.status,
            detail: event.data.detail,
          };
          const steps =
            index === -1
              ? [...others, next]
              : s.steps.map((step) => (step.id === event.data.id ? next : step));
          return { ...s, steps };
        });
        break;
      case 'text':
        patch(event.data.variant, (s) =>
          event.data.step === s.step
            ? { ...s, text: s.text + event.data.delta }
            : { ...s, step: event.data.step, text: event.data.delta },
        );
        break;
      case 'checks':
        patch(event.data.variant, (s) => ({ ...s, checks: event.data.checks }));
        break;
      case 'done':
        patch(event.data.variant, (s) => ({
          ...s,
          final: event.data.text,
          responseId: event.data.responseId,
          meta: {
            model: event.data.model,
            tokens: event.data.usage.promptTokens + event.data.usage.completionTokens,
            costMicros: event.data.costMicros,
            latencyMs: event.data.latencyMs,
            citations: event.data.citations.map((c) => c.title),
          },
        }));
        break;
      case 'error':
        setError({ message: event.data.message, retryable: event.data.retryable });
        break;
      case 'end':
        if (event.data.stopped) setNotice('Stopped. What was written so far is kept as a draft.');
        break;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setNotice(null);
    setVariants({});
    const body = {
      ...(values.source === 'job'
        ? { jobId: values.jobId }
        : { jobText: values.jobText, ...(values.jobUrl ? { jobUrl: values.jobUrl } : {}) }),
      ...(values.templateId ? { templateId: values.templateId } : {}),
      tone: values.tone,
      length: values.length,
      variants: values.variants === '2' ? 2 : 1,
    };
    try {
      await stream.run('/api/responses/generate', body, onEvent);
    } catch (failure) {
      const message =
        failure instanceof StreamError ? failure.message : 'Something went wrong. Try again.';
      setError({ message, retryable: true });
    }
  });

  const save = async (variant: Variant) => {
    const state = variants[variant];
    if (!state?.responseId) return;
    const text = state.edited ?? state.final ?? state.text;
    const result = await updateResponse({ id: state.responseId, body: { text } });
    if ('error' in result)
      setError({
        message: 'Could not save the draft. Your text is still here; try again.',
        retryable: true,
      });
    else patch(variant, (s) => ({ ...s, saved: true }));
  };

  const copy = async (variant: Variant) => {
    const state = variants[variant];
    const text = state?.edited ?? state?.final ?? state?.text ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setNotice('Copied to the clipboard.');
    } catch {
      setNotice('Could not copy: select the text and copy it by hand.');
    }
  };

  const busy = stream.running || formState.isSubmitting;
  const isOffline = offline ?? aiStatus.data?.offline ?? false;

  return (
    <>
      <PageHeader
        title="Generate Response"
        description="The agent reads the job, searches your portfolio, drafts in your voice, answers the screening questions and checks itself."
        actions={
          isOffline ? (
            <OfflineBadge />
          ) : aiStatus.data?.model ? (
            <span className="text-xs text-slate-600 dark:text-slate-300">
              Model: {aiStatus.data.model}
            </span>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <form
          onSubmit={onSubmit}
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
          noValidate
        >
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
                <label htmlFor="jobId" className="sr-only">
                  Job
                </label>
                {/* Mounted once the jobs are known, so a ?jobId= default finds its option. */}
                {jobOptions.isLoading || linkedJob.isLoading ? (
                  <p className="text-sm">Loading your jobs…</p>
                ) : (
                  <select
                    id="jobId"
                    className={inputClass}
                    {...register('jobId', {
                      validate: (v, all) => all.source !== 'job' || v !== '' || 'Choose a job',
                    })}
                  >
                    <option value="">Choose a job…</option>
                    {jobChoices.map((job) => (
                      <option key={job.id} value={job.id}>
                        {job.title}
                      </option>
                    ))}
                  </select>
                )}
                {jobOptions.isError && !linkedJob.data ? (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                    Your jobs are not available; paste the job instead.
                  </p>
                ) : null}
                {formState.errors.jobId ? (
                  <p role="alert" className="mt-1 text-xs text-rose-700 dark:text-rose-300">
                    {formState.errors.jobId.message}
                  </p>
                ) : null}
              </div>
            ) : (
              <div className="space-y-2">
                <label htmlFor="jobText" className="block text-sm">
                  Job text (title on the first line)
                </label>
                <textarea
                  id="jobText"
                  rows={8}
                  className={inputClass}
                  aria-invalid={Boolean(formState.errors.jobText)}
                  {...register('jobText', {
                    validate: (v, all) =>
                      all.source !== 'paste' ||
                      v.trim().length >= 20 ||
                      'Paste the job (at least 20 characters)',
                  })}
                />
                {formState.errors.jobText ? (
                  <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
                    {formState.errors.jobText.message}
                  </p>
                ) : null}
                <label htmlFor="jobUrl" className="block text-sm">
                  Job URL (optional)
                </label>
                <input
                  id="jobUrl"
                  type="url"
                  className={inputClass}
                  placeholder="https://www.upwork.com/jobs/…"
                  {...register('jobUrl')}
                />
              </div>
            )}
          </fieldset>
          <div>
            <label htmlFor="templateId" className="block text-sm font-medium">
              Template
            </label>
            {/* Mounted once the templates are known, so a ?templateId= default finds its option. */}
            {templates.isLoading ? (
              <p className="text-sm">Loading templates…</p>
            ) : (
              <select id="templateId" className={inputClass} {...register('templateId')}>
                <option value="">Let the agent choose</option>
                {(templates.data?.items ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                    {t.isDefault ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            )}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="tone" className="block text-sm font-medium">
                Tone
              </label>
              <select id="tone" className={inputClass} {...register('tone')}>
                {TONES.map((t) => (
                  <option key={t} value={t}>
                    {TONE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="length" className="block text-sm font-medium">
                Length
              </label>
              <select id="length" className={inputClass} {...register('length')}>
                {LENGTHS.map((l) => (
                  <option key={l} value={l}>
                    {LENGTH_LABELS[l]}
                  </option>
                ))}
              </select>
            </div>
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
            {stream.running ? (
              <button type="button" className={buttonClass.secondary} onClick={stream.stop}>
                <Square className="size-4" aria-hidden="true" /> Stop
              </button>
            ) : null}
          </div>
        </form>

        <section aria-label="Drafts" aria-busy={stream.running} className="space-y-4">
          {error ? (
            <div
              role="alert"
              className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
            >
              <p>{error.message}</p>
              <p className="mt-1 text-xs">
                Your input is kept. {error.retryable ? 'You can try again.' : ''}
              </p>
              {error.retryable ? (
                <button
                  type="button"
                  className={`${buttonClass.secondary} mt-2`}
                  onClick={() => void onSubmit()}
                  disabled={busy}
                >
                  Retry
                </button>
              ) : null}
            </div>
          ) : null}
          {notice ? (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
              {notice}
            </p>
          ) : null}
          {Object.keys(variants).length === 0 && !error ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              Choose a job and press Generate. The agent&apos;s steps and its draft appear here as
              they are written.
            </p>
          ) : null}
          {(Object.entries(variants) as Array<[Variant, VariantState]>).map(([variant, state]) => {
            const text = state.edited ?? state.final ?? state.text;
            return (
              <article
                key={variant}
                className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
              >
                <header className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-base font-semibold">Variant {variant}</h2>
                  {isOffline ? <OfflineBadge /> : null}
                </header>
                <StepsList steps={state.steps} />
                {state.final !== null ? (
                  <>
                    <label htmlFor={`draft-${variant}`} className="sr-only">
                      Draft {variant}
                    </label>
                    <textarea
                      id={`draft-${variant}`}
                      className={`${inputClass} min-h-64 font-[inherit]`}
                      value={text}
                      onChange={(e) =>
                        patch(variant, (s) => ({ ...s, edited: e.target.value, saved: false }))
                      }
                      aria-describedby={`count-${variant}`}
                    />
                  </>
                ) : (
                  <div
                    data-testid={`stream-${variant}`}
                    className="min-h-24 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
                    aria-live="polite"
                  >
                    {text}
                  </div>
                )}
                <CharCount length={text.length} id={`count-${variant}`} />
                <ChecksList checks={state.checks} />
                {state.meta ? (
                  <p className="text-xs text-slate-600 dark:text-slate-300">
                    {state.meta.model} · {state.meta.tokens.toLocaleString('en-US')} tokens ·{' '}
                    {formatCost(state.meta.costMicros)} · {(state.meta.latencyMs / 1000).toFixed(1)}{' '}
                    s
                    {state.meta.citations.length
                      ? ` · Cites: ${state.meta.citations.join(', ')}`
                      : ''}
                  </p>
                ) : null}
                {state.final !== null ? (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={buttonClass.primary}
                      onClick={() => void save(variant)}
                    >
                      <Save className="size-4" aria-hidden="true" />{' '}
                      {state.saved ? 'Saved' : 'Save as draft'}
                    </button>
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      onClick={() => void copy(variant)}
                    >
                      <Copy className="size-4" aria-hidden="true" /> Copy
                    </button>
                    {upworkUrl ? (
                      <a
                        className={buttonClass.secondary}
                        href={upworkUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <ExternalLink className="size-4" aria-hidden="true" /> Open on Upwork
                      </a>
                    ) : null}
                    {state.responseId ? (
                      <Link
                        className={buttonClass.ghost}
                        to={`${paths.editResponse}?id=${state.responseId}`}
                      >
                        Open in editor
                      </Link>
                    ) : null}
                  </div>
                ) : null}
              </article>
            );
          })}
        </section>
      </div>
    </>
  );
}
