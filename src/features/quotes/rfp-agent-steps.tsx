import { CheckCircle2, Circle, LoaderCircle } from 'lucide-react';

import { QUOTE_AGENT_STEPS } from '@/contract/quotes-api';

import type { QuoteAgentStep, StepProgress } from './use-quote-generation-stream';

export const QUOTE_STEP_LABELS: Record<QuoteAgentStep, string> = {
  reading: 'Reading the RFP',
  requirements: 'Finding requirements',
  portfolio: 'Searching your portfolio',
  estimating: 'Estimating',
  checking: 'Checking',
};

const STATE_TEXT: Record<StepProgress['state'], string> = {
  waiting: 'waiting',
  started: 'in progress',
  done: 'done',
};

function StepIcon({ state }: { state: StepProgress['state'] }) {
  if (state === 'done')
    return (
      <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
    );
  if (state === 'started')
    return (
      <LoaderCircle
        className="size-4 animate-spin text-indigo-600 motion-reduce:animate-none dark:text-indigo-400"
        aria-hidden="true"
      />
    );
  return <Circle className="size-4 text-slate-400" aria-hidden="true" />;
}

/** The quote agent's five steps as they stream in, read out politely as each one changes. */
export function RfpAgentSteps({ steps }: { steps: Record<QuoteAgentStep, StepProgress> }) {
  return (
    <section
      aria-labelledby="quote-agent-steps"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="quote-agent-steps" className="text-sm font-semibold">
        What the agent is doing
      </h2>
      <ol aria-live="polite" className="mt-3 space-y-2 text-sm">
        {QUOTE_AGENT_STEPS.map((step) => {
          const progress = steps[step];
          return (
            <li key={step} className="flex items-start gap-2" data-state={progress.state}>
              <span className="mt-0.5">
                <StepIcon state={progress.state} />
              </span>
              <span className="min-w-0">
                <span
                  className={
                    progress.state === 'waiting'
                      ? 'text-slate-500 dark:text-slate-400'
                      : 'font-medium'
                  }
                >
                  {QUOTE_STEP_LABELS[step]}
                </span>
                <span className="sr-only">: {STATE_TEXT[progress.state]}</span>
                {progress.detail ? (
                  <span className="block text-xs break-words text-slate-600 dark:text-slate-300">
                    {progress.detail}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
