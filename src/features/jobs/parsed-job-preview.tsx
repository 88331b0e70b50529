import type { JobScoreDetails, ParsedJob } from '@/contract/jobs';

import { JobClientAsks } from './job-client-asks';
import { budgetLabel } from './job-filters';

/** What the server read from a pasted job, with its score, before it is saved. */
export function ParsedJobPreview({ job, score }: { job: ParsedJob; score: JobScoreDetails }) {
  return (
    <div
      aria-label="Parsed job"
      role="region"
      className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
    >
      <p className="font-semibold">{job.title}</p>
      <p>
        {budgetLabel(job)} · {job.experienceLevel ?? 'level not stated'} · fit {score.fit}/100 (
        {score.verdict})
      </p>
      <p>Skills: {job.skills.join(', ') || 'none found'}</p>
      <p>Screening questions: {job.screeningQuestions.length}</p>
      {score.flags.length > 0 ? <p>Flags: {score.flags.map((f) => f.text).join('; ')}</p> : null}
      <JobClientAsks asks={score.asks} />
    </div>
  );
}
