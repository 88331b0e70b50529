import { formatMoney } from '#contract/money';
import type { JobSnapshot } from '#contract/responses';

import type { JobRow } from '../db/schema/jobs.ts';
import type { ProfileRow } from '../db/schema/profiles.ts';
import { readPostInstructions } from './post-instructions.ts';
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

/** The trap sentences and the client asks of a job's title, description and questions. */
export function jobInstructions(job: {
  title: string;
  description: string;
  screeningQuestions: string[];
}): { promptTraps: string[]; clientAsks: AgentJob['clientAsks'] } {
  const { traps, asks } = readPostInstructions(
    [job.title, job.description, ...job.screeningQuestions].join('\n'),
  );
  return { promptTraps: traps.map((trap) => trap.sentence), clientAsks: asks };
}

/** A saved job as the drafters see it; traps flagged by scoring are kept alongside fresh ones. */
export function agentJobFromRow(row: JobRow): AgentJob {
  const flagged = (row.score?.traps ?? []).map((t) => t.excerpt);
  const instructions = jobInstructions(row);
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
    ...instructions,
    promptTraps: [...new Set([...flagged, ...instructions.promptTraps])],
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
    ...jobInstructions(snapshot),
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

/**
 * The screening questions a draft answers: not a trap written as a question, and not a client
 * ask ("Include the word 'ledger' …"), which the draft follows instead of answering.
 */
export function answerableQuestions(job: AgentJob): string[] {
  const aside = [...job.promptTraps, ...job.clientAsks.map((ask) => ask.excerpt)].map(squeeze);
  return job.screeningQuestions.filter((question) => {
    const q = squeeze(question);
    return !aside.some((sentence) => sentence && (q.includes(sentence) || sentence.includes(q)));
  });
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

const FENCE = '[removed: an instruction for AI writers]';
const HIDDEN_ALL = /[\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u{E0000}-\u{E007F}]/gu;

/** The text with every trap sentence replaced by a marker and invisible characters dropped. */
function fenced(text: string, trapSentences: readonly string[]): string {
  return trapSentences
    .reduce((acc, sentence) => (sentence ? acc.split(sentence).join(FENCE) : acc), text)
    .replace(HIDDEN_ALL, '');
}

/**
 * The job as a model reads it: quoted data, never instructions. Trap sentences are fenced out of
 * the title, the description and the questions, so even a model that obeys everything it reads
 * never sees them; the client's own asks are listed for it to follow.
 */
export function modelJobView(job: AgentJob) {
  const questions = answerableQuestions(job);
  return {
    title: fenced(job.title, job.promptTraps),
    description: fenced(job.description, job.promptTraps),
    screeningQuestions: questions.map((q) => fenced(q, job.promptTraps)),
    clientAsks: job.clientAsks.map((ask) => ask.label),
  };
}
