import { X } from 'lucide-react';
import type { ReactNode } from 'react';

import { buttonClass } from '@/components/ui/page';
import type { Job } from '@/contract/jobs';

import { ClientFacts } from './client-facts';
import { JobClientAsks } from './job-client-asks';
import { JobDetailActions } from './job-detail-actions';
import { JobDetailSection as Section } from './job-detail-section';
import { JobFitBreakdown } from './job-fit-breakdown';
import { ageLabel, budgetLabel, proposalsLabel } from './job-filters';
import { JobScoreTraps } from './job-score-traps';
import { errorMessage, useGetJobQuery, useUpdateJobMutation } from './jobs.api';
import { ScoreBadge } from './score-badge';

/**
 * The panel's frame in every state (loading, failed, loaded): one element throughout, so the
 * panel a user or a screen reader is on stays the same node when the job arrives.
 */
function JobDetailFrame({ children, loaded }: { children: ReactNode; loaded: boolean }) {
  return (
    <aside
      aria-label="Job details"
      className={`rounded-xl border border-slate-200 p-5 dark:border-slate-700 ${loaded ? 'bg-white dark:bg-slate-900' : ''}`}
    >
      {children}
    </aside>
  );
}

/** The job's title, close button and one-line summary. */
function JobDetailHeader({ job, onClose }: { job: Job; onClose: () => void }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{job.title}</h2>
        <button
          type="button"
          className={buttonClass.ghost}
          onClick={onClose}
          aria-label="Close job details"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
        <span>{ageLabel(job.postedAt)}</span>
        <span className="font-medium">{budgetLabel(job)}</span>
        <span>{proposalsLabel(job.proposalsCount)}</span>
        {job.experienceLevel ? <span className="capitalize">{job.experienceLevel}</span> : null}
        <ScoreBadge score={job.score} />
      </p>
    </>
  );
}

/** The job's own words: description, skills and screening questions. */
function JobDetailText({ job }: { job: Job }) {
  return (
    <>
      <Section title="Description">
        <p className="break-words whitespace-pre-wrap">{job.description || 'No description.'}</p>
      </Section>
      {job.skills.length > 0 ? (
        <Section title="Skills">
          <p>{job.skills.join(', ')}</p>
        </Section>
      ) : null}
      <Section title="Screening questions">
        {job.screeningQuestions.length > 0 ? (
          <ol className="list-decimal pl-5">
            {job.screeningQuestions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ol>
        ) : (
          <p>None listed.</p>
        )}
      </Section>
    </>
  );
}

/** The detail panel: description, client, questions, score breakdown, flags and actions. */
export function JobDetail({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { data: job, isLoading, error } = useGetJobQuery(jobId);
  const [updateJob, update] = useUpdateJobMutation();

  if (isLoading) {
    return (
      <JobDetailFrame loaded={false}>
        <p role="status">Loading the job…</p>
      </JobDetailFrame>
    );
  }
  if (error || !job) {
    return (
      <JobDetailFrame loaded={false}>
        <p role="alert">{errorMessage(error, 'This job could not be loaded.')}</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={onClose}>
          Close
        </button>
      </JobDetailFrame>
    );
  }
  const score = job.score;

  return (
    <JobDetailFrame loaded>
      <JobDetailHeader job={job} onClose={onClose} />
      <JobDetailActions job={job} updateJob={updateJob} update={update} />
      {score ? <JobClientAsks asks={score.asks} /> : null}
      {score ? <JobScoreTraps traps={score.traps} /> : null}
      {score ? <JobFitBreakdown score={score} currency={job.currency} /> : null}
      {score && score.flags.length > 0 ? (
        <Section title="Red flags">
          <ul className="list-disc pl-5">
            {score.flags.map((flag) => (
              <li key={flag.code + flag.text}>{flag.text}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      <JobDetailText job={job} />
      <Section title="Client">
        <ClientFacts job={job} />
      </Section>
    </JobDetailFrame>
  );
}
