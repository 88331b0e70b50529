import { clsx } from 'clsx';
import { useId } from 'react';

import type { JobScoreDetails } from '@/contract/jobs';

const VERDICT_STYLE = {
  apply:
    'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200',
  maybe: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200',
  skip: 'bg-rose-100 text-rose-900 ring-rose-600/30 dark:bg-rose-950 dark:text-rose-200',
} as const;

const VERDICT_LABEL = { apply: 'Apply', maybe: 'Maybe', skip: 'Skip' } as const;

/** The fit score and verdict; its reasons show on hover and on keyboard focus. */
export function ScoreBadge({ score }: { score: JobScoreDetails | null }) {
  const tipId = useId();
  if (!score) {
    return <span className="text-xs text-slate-500 dark:text-slate-400">Not scored</span>;
  }
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-describedby={tipId}
        className={clsx(
          'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          VERDICT_STYLE[score.verdict],
        )}
        onClick={(event) => event.stopPropagation()}
      >
        <span>{score.fit}</span>
        <span aria-hidden="true">·</span>
        <span>{VERDICT_LABEL[score.verdict]}</span>
        <span className="sr-only">, fit score out of 100</span>
      </button>
      <span
        role="tooltip"
        id={tipId}
        className="pointer-events-none invisible absolute top-full left-0 z-20 mt-1 w-72 rounded-lg bg-slate-900 p-3 text-left text-xs font-normal text-slate-100 opacity-0 shadow-lg group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-slate-700"
      >
        <span className="mb-1 block font-semibold">{score.summary}</span>
        {score.reasons.map((reason) => (
          <span key={reason.factor} className="block">
            {reason.points}/{reason.max} · {reason.text}
          </span>
        ))}
        {score.flags.length > 0 ? (
          <span className="mt-1 block text-amber-300">
            {score.flags.map((flag) => flag.text).join(' · ')}
          </span>
        ) : null}
      </span>
    </span>
  );
}
