import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page';
import type { ResponseLength, Tone } from '@/contract/responses';

import { generateFormSchema, toGenerateBody, type GenerateFormValues } from './generate-form';
import { GenerateResponseForm } from './generate-response-form';
import { GeneratedDrafts } from './generated-drafts';
import { OfflineBadge, safeHttpUrl } from './response-ui';
import { useAiStatusQuery, useResponseProfileQuery } from './responses.api';
import { useGeneratedVariants } from './use-generated-variants';
import { StreamError, useGenerationStream } from './use-generation-stream';
import { useJobChoices } from './use-job-choices';

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
  const jobs = useJobChoices(jobIdParam);
  const stream = useGenerationStream();
  const drafts = useGeneratedVariants();

  const form = useForm<GenerateFormValues>({
    resolver: zodResolver(generateFormSchema),
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
  const [source, selectedJobId, pastedUrl] = useWatch({
    control: form.control,
    name: ['source', 'jobId', 'jobUrl'],
  });
  const chosenJob = jobs.choices.find((j) => j.id === selectedJobId) ?? null;
  const upworkUrl = safeHttpUrl(source === 'job' ? (chosenJob?.url ?? null) : pastedUrl || null);

  const onSubmit = form.handleSubmit(async (values) => {
    drafts.clear();
    try {
      await stream.run('/api/responses/generate', toGenerateBody(values), drafts.onEvent);
    } catch (failure) {
      const message =
        failure instanceof StreamError ? failure.message : 'Something went wrong. Try again.';
      drafts.setError({ message, retryable: true });
    }
  });

  const busy = stream.running || form.formState.isSubmitting;
  const isOffline = drafts.offline ?? aiStatus.data?.offline ?? false;

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
        <GenerateResponseForm
          form={form}
          jobs={jobs}
          onSubmit={(event) => void onSubmit(event)}
          busy={busy}
          running={stream.running}
          onStop={stream.stop}
        />
        <GeneratedDrafts
          drafts={drafts}
          running={stream.running}
          busy={busy}
          offline={isOffline}
          upworkUrl={upworkUrl}
          onRetry={() => void onSubmit()}
        />
      </div>
    </>
  );
}
