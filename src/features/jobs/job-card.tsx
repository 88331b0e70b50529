import { clsx } from 'clsx';
import { Eye } from 'lucide-react';

import { buttonClass } from '@/components/ui/page';
import type { Job } from '@/contract/jobs';

import { ClientSignals } from './client-signals';
import { ageLabel, budgetLabel, proposalsLabel } from './job-filters';
import { ScoreBadge } from './score-badge';

type Props = {
  job: Job;
  selected: boolean;
  onSelect: (job: Job) => void;
  /** Shown on hidden jobs: brings the job back into the list. */
  onUnhide?: (job: Job) => void;
  unhiding?: boolean;
};

/**
 * One job in the list: title, score, budget, client and skills. The title's button stretches
 * over the whole card, so a tap anywhere opens the job; the score badge and Unhide sit above it
 * as buttons of their own, never inside it.
 */
export function JobCard({ job, selected, onSelect, onUnhide, unhiding = false }: Props) {
  return (
    <article
      aria-label={job.title}
      className={clsx(
        'relative cursor-pointer border-b border-slate-100 px-4 py-3 focus-within:bg-slate-50 dark:border-slate-800 dark:focus-within:bg-slate-800/60',
        selected
          ? 'bg-indigo-50 dark:bg-indigo-950/40'
          : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <button
          type="button"
          data-job-card={job.id}
          onClick={() => onSelect(job)}
          aria-current={selected ? 'true' : undefined}
          className="min-w-0 text-left text-sm font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] hover:text-indigo-700 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-300"
        >
          {job.title}
        </button>
        <div className="relative z-10 shrink-0">
          <ScoreBadge score={job.score} />
        </div>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        <span>{ageLabel(job.postedAt)}</span>
        <span className="font-medium text-slate-800 dark:text-slate-100">{budgetLabel(job)}</span>
        <span>{proposalsLabel(job.proposalsCount)}</span>
        <ClientSignals job={job} />
        {job.appliedAt ? (
          <span className="font-medium text-emerald-700 dark:text-emerald-300">Applied</span>
        ) : null}
        {job.hiddenAt ? <span className="font-medium">Hidden</span> : null}
        {job.source !== 'upwork' ? <span className="uppercase">{job.source}</span> : null}
      </p>
      {job.skills.length > 0 ? (
        <ul aria-label="Skills" className="mt-2 flex flex-wrap gap-1">
          {job.skills.slice(0, 8).map((skill) => (
            <li
              key={skill}
              className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      {job.hiddenAt && onUnhide ? (
        <button
          type="button"
          className={`${buttonClass.secondary} relative z-10 mt-2`}
          disabled={unhiding}
          aria-label={`Unhide ${job.title}`}
          onClick={() => onUnhide(job)}
        >
          <Eye className="size-4" aria-hidden="true" />
          Unhide
        </button>
      ) : null}
    </article>
  );
}
