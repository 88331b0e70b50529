import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { JobScoreDetails, ScoreReason } from '@/contract/jobs';
import { formatMoney } from '@/contract/money';

import { JobDetailSection } from './job-detail-section';

const FACTOR_LABEL = {
  skills: 'Skills',
  rate: 'Rate vs budget',
  client: 'Client quality',
  competition: 'Competition',
  recency: 'Recency',
} as const;

/** Reasons that ask for something the profile lacks; they link to the profile editor. */
const PROFILE_HINT = /^(Add skills to your profile|Set your hourly rate)/;

/** One scoring factor: its points out of its maximum, as a meter, and why. */
function FitReason({ reason }: { reason: ScoreReason }) {
  return (
    <li>
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
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        {PROFILE_HINT.test(reason.text) ? (
          <Link
            to={paths.settingsProfile}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600 dark:text-indigo-300"
          >
            {reason.text}
          </Link>
        ) : (
          reason.text
        )}
      </p>
    </li>
  );
}

const VERDICT_LABELS: Record<JobScoreDetails['verdict'], string> = {
  apply: 'Apply',
  maybe: 'Maybe',
  skip: 'Skip',
};

/** The fit score by factor, and what a Connect spent on the job is worth. */
export function JobFitBreakdown({ score, currency }: { score: JobScoreDetails; currency: string }) {
  return (
    <JobDetailSection title={`Fit ${score.fit}/100 · ${VERDICT_LABELS[score.verdict]}`}>
      <ul className="space-y-2">
        {score.reasons.map((reason) => (
          <FitReason key={reason.factor} reason={reason} />
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Worth: about {formatMoney(score.worthPerConnectMinor, currency)} expected per Connect (about{' '}
        {score.connectsCost} Connects, {Math.round(score.winProbability * 100)}% estimated chance).
      </p>
    </JobDetailSection>
  );
}
