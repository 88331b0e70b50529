import type { ClientAsk, Job, ParsedJob } from '#contract/jobs';

import type { JobListRow } from './repo.ts';
import { SCORING_VERSION, scoreJob, type ScoringJob, type ScoringProfile } from './scoring.ts';

/** A job as scoring reads it, its score as stored columns, and a stored row as the API answers it. */

const LIST_DESCRIPTION_CHARS = 600;

export function scoringInput(job: ParsedJob | JobListRow): ScoringJob {
  if ('client' in job) {
    return {
      ...job,
      client: {
        ...job.client,
        memberSince: job.client.memberSince ? new Date(job.client.memberSince) : null,
      },
      postedAt: job.postedAt ? new Date(job.postedAt) : null,
    };
  }
  return {
    title: job.title,
    description: job.description,
    jobType: job.jobType,
    currency: job.currency,
    budgetMinMinor: job.budgetMinMinor,
    budgetMaxMinor: job.budgetMaxMinor,
    hourlyMinMinor: job.hourlyMinMinor,
    hourlyMaxMinor: job.hourlyMaxMinor,
    experienceLevel: job.experienceLevel,
    skills: job.skills,
    screeningQuestions: job.screeningQuestions,
    client: {
      paymentVerified: job.clientPaymentVerified,
      totalSpentMinor: job.clientTotalSpentMinor,
      hires: job.clientHires,
      jobsPosted: job.clientJobsPosted,
      reviews: job.clientReviews,
      rating: job.clientRating,
      memberSince: job.clientMemberSince,
    },
    proposalsCount: job.proposalsCount,
    postedAt: job.postedAt,
  };
}

export function scoreColumns(input: ScoringJob, profile: ScoringProfile, key: string, now: Date) {
  const score = scoreJob(input, profile, now);
  return {
    fitScore: score.fit,
    verdict: score.verdict,
    worthPerConnectMinor: score.worthPerConnectMinor,
    flagCount: score.flags.length,
    hasPromptTrap: score.traps.length > 0,
    score,
    scoreVersion: SCORING_VERSION,
    scoreKey: key,
    scoredAt: now,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toJob(row: JobListRow, options: { full?: boolean } = {}): Job {
  const description =
    options.full || row.description.length <= LIST_DESCRIPTION_CHARS
      ? row.description
      : `${row.description.slice(0, LIST_DESCRIPTION_CHARS).trimEnd()}…`;
  return {
    id: row.id,
    source: row.source,
    externalId: row.externalId,
    title: row.title,
    description,
    url: row.url,
    jobType: row.jobType,
    currency: row.currency,
    budgetMinMinor: row.budgetMinMinor,
    budgetMaxMinor: row.budgetMaxMinor,
    hourlyMinMinor: row.hourlyMinMinor,
    hourlyMaxMinor: row.hourlyMaxMinor,
    experienceLevel: row.experienceLevel,
    category: row.category,
    skills: row.skills,
    screeningQuestions: row.screeningQuestions,
    client: {
      paymentVerified: row.clientPaymentVerified,
      totalSpentMinor: row.clientTotalSpentMinor,
      hires: row.clientHires,
      jobsPosted: row.clientJobsPosted,
      reviews: row.clientReviews,
      rating: row.clientRating,
      country: row.clientCountry,
      memberSince: iso(row.clientMemberSince),
    },
    proposalsCount: row.proposalsCount,
    postedAt: iso(row.postedAt),
    fetchedAt: row.fetchedAt.toISOString(),
    hiddenAt: iso(row.hiddenAt),
    appliedAt: iso(row.appliedAt),
    // Scores stored before client asks were read have none until the next rescore.
    score: row.score
      ? { ...row.score, asks: (row.score.asks as ClientAsk[] | undefined) ?? [] }
      : null,
  };
}
