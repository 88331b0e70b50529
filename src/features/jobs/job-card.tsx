import { clsx } from 'clsx';

import type { Job } from '@/contract/jobs';

import { ClientSignals } from './client-signals';
import { ageLabel, budgetLabel, proposalsLabel } from './job-filters';
import { ScoreBadge } from './score-badge';

type Props = {
  job: Job;
  selected: boolean;
  onSelect: (job: Job) => void;
};

/** One job in the list: title (opens the detail), score, budget, client and skills. */
export function JobCard({ job, selected, onSelect }: Props) {
  return (
    <article
      aria-label={job.title}
      className={clsx(
        'border-b border-slate-100 px-4 py-3 dark:border-slate-800',
        selected
          ? 'bg-indigo-50 dark:bg-indigo-950/40'
          : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
        job.hiddenAt && 'opacity-60',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <button
          type="button"
          onClick={() => onSelect(job)}
          aria-current={selected ? 'true' : undefined}
          className="min-w-0 text-left text-sm font-semibold text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:text-indigo-300"
        >
          {job.title}
        </button>
        <ScoreBadge score={job.score} />
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        <span>{ageLabel(job.postedAt)}</span>
        <span className="font-medium text-slate-800 dark:text-slate-100">{budgetLabel(job)}</span>
        <span>{proposalsLabel(job.proposalsCount)}</span>
        <ClientSignals job={job} />
        {job.appliedAt ? (
          <span className="font-medium text-emerald-700 dark:text-emerald-300">Applied</span>
        ) : null}
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
    </article>
  );
}
