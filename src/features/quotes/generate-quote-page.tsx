import { Sparkles, Square } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { PageHeader, buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { Profile } from '@/contract/profile';

import { useQuoteProfileQuery } from './quotes.api';
import { RfpAgentSteps } from './rfp-agent-steps';
import {
  initialRfpValues,
  toGenerateBody,
  uuidParam,
  type RfpFormErrors,
  type RfpFormValues,
} from './rfp-generate-form';
import { RfpQuoteOptions } from './rfp-quote-options';
import { RfpSourceInput } from './rfp-source-input';
import { useQuoteGenerationStream } from './use-quote-generation-stream';

export default function GenerateQuotePage() {
  const profile = useQuoteProfileQuery();
  if (profile.isLoading) return <p role="status">Loading…</p>;
  return <GenerateQuote profile={profile.data} />;
}

function GenerateQuote({ profile }: { profile: Profile | undefined }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linkedJobId = uuidParam(params.get('jobId')) ?? '';
  const links = {
    responseId: uuidParam(params.get('responseId')),
    leadId: uuidParam(params.get('leadId')),
  };
  const [values, setValues] = useState<RfpFormValues>(() => initialRfpValues(profile, linkedJobId));
  const [errors, setErrors] = useState<RfpFormErrors>({});
  const stream = useQuoteGenerationStream((quote) => {
    void navigate(`${paths.editQuote}?id=${quote.quoteId}`);
  });
  const [started, setStarted] = useState(false);

  const change = (changes: Partial<RfpFormValues>) =>
    setValues((current) => ({ ...current, ...changes }));

  const generate = () => {
    const checked = toGenerateBody(values, links);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setStarted(true);
    void stream.run(checked.body);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    generate();
  };

  return (
    <>
      <PageHeader
        title="Generate Quote"
        description="Paste or upload an RFP. The agent finds the requirements, estimates the work from your rates and drafts a priced quote for you to review."
      />
      <form
        onSubmit={onSubmit}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]"
        noValidate
      >
        <RfpSourceInput
          text={values.rfpText}
          onText={(rfpText) => change({ rfpText })}
          fileName={values.rfpFileName}
          onFileName={(rfpFileName) => change({ rfpFileName })}
          error={errors.rfpText}
          disabled={stream.running}
        />
        <div className="space-y-4">
          <RfpQuoteOptions
            values={values}
            errors={errors}
            linkedJobId={linkedJobId}
            onChange={change}
            disabled={stream.running}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={stream.running}>
              <Sparkles className="size-4" aria-hidden="true" />
              {stream.running ? 'Generating…' : 'Generate quote'}
            </button>
            {stream.running ? (
              <button type="button" className={buttonClass.secondary} onClick={stream.stop}>
                <Square className="size-4" aria-hidden="true" /> Stop
              </button>
            ) : null}
          </div>
          {started ? <RfpAgentSteps steps={stream.steps} /> : null}
          <GenerationOutcome stream={stream} onRetry={generate} />
        </div>
      </form>
    </>
  );
}

/** The error with a Retry, or the note that the run was stopped. */
function GenerationOutcome({
  stream,
  onRetry,
}: {
  stream: ReturnType<typeof useQuoteGenerationStream>;
  onRetry: () => void;
}) {
  if (stream.running) return null;
  if (stream.failure)
    return (
      <div
        role="alert"
        className="rounded-lg border border-rose-300 p-3 text-sm dark:border-rose-800"
      >
        <p>{stream.failure.message}</p>
        {stream.failure.retryable ? (
          <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    );
  if (stream.stopped)
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
        Stopped. Generate again when you are ready.
      </p>
    );
  return null;
}
