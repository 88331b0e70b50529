import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/ui/page';
import type { ResponseLength, Tone } from '@/contract/responses';

import { ConfirmDiscardDialog } from '@/components/ui/confirm-discard-dialog';
import { generateFormSchema, toGenerateBody, type GenerateFormValues } from './generate-form';
import { GenerateResponseForm } from './generate-response-form';
import { GeneratedDrafts } from './generated-drafts';
import { OfflineBadge, safeHttpUrl } from './response-ui';
import { useAiStatusQuery, useResponseProfileQuery } from './responses.api';
import { useGeneratedVariants } from './use-generated-variants';
import { StreamError, useGenerationStream } from './use-generation-stream';
import { useJobChoices } from './use-job-choices';
import { useLeaveGuard } from '@/lib/use-leave-guard';

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

/** Which engine writes the drafts: the offline one, or the configured model by name. */
function EngineBadge({ offline, model }: { offline: boolean; model: string | null }) {
  if (offline) return <OfflineBadge />;
  if (!model) return null;
  return <span className="text-xs text-slate-600 dark:text-slate-300">Model: {model}</span>;
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

  const held = useLeaveGuard(drafts.unsavedEdits);
  const [heldRun, setHeldRun] = useState<GenerateFormValues | null>(null);

  // A new run replaces the drafts on screen that were not saved (the server keeps edited ones).
  const generate = async (values: GenerateFormValues) => {
    const replaces = drafts.replaceable;
    drafts.clear();
    const body = { ...toGenerateBody(values), ...(replaces.length ? { replaces } : {}) };
    try {
      await stream.run('/api/responses/generate', body, drafts.onEvent);
    } catch (failure) {
      const message =
        failure instanceof StreamError ? failure.message : 'Something went wrong. Try again.';
      drafts.setError({ message, retryable: true });
    }
  };
  const onSubmit = form.handleSubmit(async (values) => {
    if (drafts.unsavedEdits) setHeldRun(values);
    else await generate(values);
  });

  const busy = stream.running || form.formState.isSubmitting;
  const isOffline = drafts.offline ?? aiStatus.data?.offline ?? false;

  return (
    <>
      <PageHeader
        title="Generate Response"
        description="The agent reads the job, searches your portfolio, drafts in your voice, answers the screening questions and checks itself."
        actions={<EngineBadge offline={isOffline} model={aiStatus.data?.model ?? null} />}
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
      <ConfirmDiscardDialog
        open={held !== null || heldRun !== null}
        title={heldRun ? 'Generate again without saving?' : 'Leave without saving?'}
        description={
          heldRun
            ? 'A new draft replaces this one, and your edits to it are not saved. Save them first to keep them.'
            : 'Your edits to the draft are not saved. Leaving now loses them.'
        }
        discardLabel={heldRun ? 'Generate without saving' : 'Leave without saving'}
        onDiscard={() => {
          if (heldRun) {
            setHeldRun(null);
            void generate(heldRun);
          } else held?.leave();
        }}
        onKeep={() => {
          setHeldRun(null);
          held?.stay();
        }}
      />
    </>
  );
}
