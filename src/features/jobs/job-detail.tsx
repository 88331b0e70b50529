import { AlertTriangle, ExternalLink, EyeOff, Send, Sparkles, X } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClass } from '@/components/ui/page';
import { paths } from '@/config/paths';
import type { Job } from '@/contract/jobs';
import { formatMoney } from '@/contract/money';

import { ageLabel, budgetLabel, proposalsLabel } from './job-filters';
import { errorMessage, useGetJobQuery, useUpdateJobMutation } from './jobs.api';
import { ScoreBadge } from './score-badge';

const FACTOR_LABEL = {
  skills: 'Skills',
  rate: 'Rate vs budget',
  client: 'Client quality',
  competition: 'Competition',
  recency: 'Recency',
} as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

function ClientFacts({ job }: { job: Job }) {
  const c = job.client;
  const rows: Array<[string, string]> = [
    [
      'Payment',
      c.paymentVerified === null ? 'unknown' : c.paymentVerified ? 'verified' : 'not verified',
    ],
    ['Total spent', c.totalSpentMinor === null ? 'unknown' : formatMoney(c.totalSpentMinor, 'USD')],
    ['Hires', c.hires === null ? 'unknown' : String(c.hires)],
    ['Jobs posted', c.jobsPosted === null ? 'unknown' : String(c.jobsPosted)],
    [
      'Rating',
      c.rating === null ? 'no reviews' : `${c.rating.toFixed(2)} (${c.reviews ?? 0} reviews)`,
    ],
    ['Country', c.country ?? 'unknown'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The detail panel: description, client, questions, score breakdown, flags and actions. */
export function JobDetail({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { data: job, isLoading, error } = useGetJobQuery(jobId);
  const [updateJob, update] = useUpdateJobMutation();

  if (isLoading) {
    return (
      <aside
        aria-label="Job details"
        className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
      >
        <p role="status">Loading the job…</p>
      </aside>
    );
  }
  if (error || !job) {
    return (
      <aside
        aria-label="Job details"
        className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
      >
        <p role="alert">{errorMessage(error, 'This job could not be loaded.')}</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={onClose}>
          Close
        </button>
      </aside>
    );
  }
  const score = job.score;

  return (
    <aside
      aria-label="Job details"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
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
        <ScoreBadge score={score} />
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`${paths.generateResponse}?jobId=${encodeURIComponent(job.id)}`}
          className={buttonClass.primary}
        >
          <Sparkles className="size-4" aria-hidden="true" />
          Generate response
        </Link>
        {job.url ? (
          <a
            href={job.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.secondary}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Open on Upwork
          </a>
        ) : null}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={update.isLoading}
          onClick={() => void updateJob({ id: job.id, body: { hidden: !job.hiddenAt } })}
        >
          <EyeOff className="size-4" aria-hidden="true" />
          {job.hiddenAt ? 'Unhide' : 'Hide'}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={update.isLoading}
          aria-pressed={job.appliedAt !== null}
          onClick={() => void updateJob({ id: job.id, body: { applied: !job.appliedAt } })}
        >
          <Send className="size-4" aria-hidden="true" />
          {job.appliedAt ? 'Applied' : 'Mark applied'}
        </button>
      </div>
      {update.error ? (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(update.error)}
        </p>
      ) : null}

      {score && score.traps.length > 0 ? (
        <div
          role="note"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="size-4" aria-hidden="true" />
            Hidden instructions for AI writers: shown here, never obeyed
          </p>
          <ul className="mt-1 list-disc pl-5">
            {score.traps.map((trap) => (
              <li key={trap.excerpt}>
                “{trap.excerpt}”{' '}
                <span className="text-amber-800 dark:text-amber-300">({trap.reason})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {score ? (
        <Section title={`Fit ${score.fit}/100 · ${score.summary}`}>
          <ul className="space-y-2">
            {score.reasons.map((reason) => (
              <li key={reason.factor}>
                <div className="flex justify-between text-xs">
                  <span className="font-medium">{FACTOR_LABEL[reason.factor]}</span>
                  <span>
                    {reason.points}/{reason.max}
                  </span>
                </div>
                <div
                  className="mt-1 h-1.5 rounded-full bg-slate-200 dark:bg-slate-700"
                  role="meter"
                  aria-label={FACTOR_LABEL[reason.factor]}
                  aria-valuemin={0}
                  aria-valuemax={reason.max}
                  aria-valuenow={reason.points}
                >
                  <div
                    className="h-1.5 rounded-full bg-indigo-600 dark:bg-indigo-400"
                    style={{ width: `${(reason.points / reason.max) * 100}%` }}
                  />
                </div>
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{reason.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            Worth: about {formatMoney(score.worthPerConnectMinor, job.currency)} expected per
            Connect (about {score.connectsCost} Connects, {Math.round(score.winProbability * 100)}%
            estimated chance).
          </p>
        </Section>
      ) : null}

      {score && score.flags.length > 0 ? (
        <Section title="Red flags">
          <ul className="list-disc pl-5">
            {score.flags.map((flag) => (
              <li key={flag.code + flag.text}>{flag.text}</li>
            ))}
          </ul>
        </Section>
      ) : null}

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

      <Section title="Client">
        <ClientFacts job={job} />
      </Section>
    </aside>
  );
}
