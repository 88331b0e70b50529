import type { ParsedJob } from '#contract/jobs';

import { formatMoney } from '#contract/money';
import { budgetOf } from '../../ai/job-view.ts';
import { readPostInstructions } from '../../ai/post-instructions.ts';
import type { AgentJob, ClientHistory } from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import { parseJobText } from '../jobs/service.ts';
import { getProfileRow } from '../profile/service.ts';
import { recentResponsesToJob } from './repo.ts';

/**
 * A pasted job, read by the same parser as Browse Jobs' paste (modules/jobs/parse-job-text.ts), so
 * one text gives the same title, budget, questions and client facts in both places.
 */
export function agentJobFromPastedText(text: string, url: string | null, now: Date): AgentJob {
  const parsed: ParsedJob = parseJobText({ text, url: url ?? undefined }, now);
  const { client } = parsed;
  const instructions = readPostInstructions(text);
  return {
    id: null,
    title: parsed.title,
    description: parsed.description,
    url: parsed.url ?? url,
    skills: parsed.skills,
    budget: budgetOf(parsed),
    screeningQuestions: parsed.screeningQuestions,
    clientName: null,
    clientFacts: {
      paymentVerified: client.paymentVerified,
      totalSpent:
        client.totalSpentMinor === null
          ? null
          : formatMoney(client.totalSpentMinor, parsed.currency),
      hires: client.hires,
      jobsPosted: client.jobsPosted,
      reviews: client.reviews,
      rating: client.rating,
      country: client.country,
      proposals: parsed.proposalsCount,
    },
    promptTraps: instructions.traps.map((trap) => trap.sentence),
    clientAsks: instructions.asks,
  };
}

/** The tone and length the user drafts in unless a request says otherwise. */
export async function profileDefaults(db: Database, userId: string) {
  const row = await getProfileRow(db, userId);
  return row
    ? { tone: row.defaultTone, length: row.defaultLength }
    : { tone: 'professional' as const, length: 'medium' as const };
}

export function clientHistoryReader(db: Database, userId: string, job: AgentJob) {
  return async (): Promise<ClientHistory> => {
    const previous = job.id ? await recentResponsesToJob(db, userId, job.id) : [];
    return {
      facts: job.clientFacts,
      previousResponses: previous.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    };
  };
}
