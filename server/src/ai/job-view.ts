import { formatMoney } from '#contract/money';
import type { JobSnapshot } from '#contract/responses';

import type { JobRow } from '../db/schema/jobs.ts';
import type { ProfileRow } from '../db/schema/profiles.ts';
import { promptTrapSentences } from './prompt-traps.ts';
import type { AgentJob, AgentProfile } from './types.ts';

type BudgetFields = Pick<
  JobRow,
  'currency' | 'budgetMinMinor' | 'budgetMaxMinor' | 'hourlyMinMinor' | 'hourlyMaxMinor'
>;

/** The budget as the drafts quote it: an hourly range, a fixed range or one amount. */
export function budgetOf(row: BudgetFields): string | null {
  if (row.hourlyMinMinor || row.hourlyMaxMinor) {
    const parts = [row.hourlyMinMinor, row.hourlyMaxMinor].filter((v): v is number => v !== null);
    return `${parts.map((v) => formatMoney(v, row.currency)).join('-')}/hr`;
  }
  if (row.budgetMaxMinor || row.budgetMinMinor) {
    const parts = [row.budgetMinMinor, row.budgetMaxMinor].filter((v): v is number => v !== null);
    return [...new Set(parts)].map((v) => formatMoney(v, row.currency)).join('-');
  }
  return null;
}

/** A saved job as the drafters see it; traps flagged by scoring are kept alongside fresh ones. */
export function agentJobFromRow(row: JobRow): AgentJob {
  const flagged = (row.score?.traps ?? []).map((t) => t.excerpt);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    skills: row.skills,
    budget: budgetOf(row),
    screeningQuestions: row.screeningQuestions,
    clientName: null,
    clientFacts: {
      paymentVerified: row.clientPaymentVerified,
      totalSpent:
        row.clientTotalSpentMinor === null
          ? null
          : formatMoney(row.clientTotalSpentMinor, row.currency),
      hires: row.clientHires,
      jobsPosted: row.clientJobsPosted,
      reviews: row.clientReviews,
      rating: row.clientRating,
      country: row.clientCountry,
      proposals: row.proposalsCount,
    },
    promptTraps: [...new Set([...flagged, ...promptTrapSentences(row.description)])],
  };
}

export function snapshotOf(job: AgentJob): JobSnapshot {
  return {
    title: job.title,
    description: job.description,
    url: job.url,
    skills: job.skills,
    screeningQuestions: job.screeningQuestions,
    clientName: job.clientName,
    budget: job.budget,
  };
}

export function agentJobFromSnapshot(snapshot: JobSnapshot, id: string | null): AgentJob {
  return {
    id,
    ...snapshot,
    clientFacts: {},
    promptTraps: promptTrapSentences(snapshot.description),
  };
}

/** The freelancer as the drafters see them; a user without a profile is known by name only. */
export function agentProfileFromRow(
  row: ProfileRow | undefined,
  fallbackName: string | null,
): AgentProfile {
  return {
    name: row?.name || fallbackName,
    title: row?.title || null,
    overview: row?.overview || null,
    skills: row?.skills ?? [],
    hourlyRateMinor: row?.hourlyRateMinor ?? null,
    currency: row?.currency ?? 'USD',
    signature: row?.signature || null,
    writingSamples: row?.writingSamples ?? [],
  };
}
