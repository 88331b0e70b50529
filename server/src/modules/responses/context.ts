import { and, desc, eq, isNull, ne } from 'drizzle-orm';

import type { ParsedJob } from '#contract/jobs';
import type { JobSnapshot } from '#contract/responses';

import { detectPromptTraps } from '../../ai/job-text.ts';
import { formatMoney } from '../../ai/draft-values.ts';
import type { ResolvedModel } from '../../ai/registry.ts';
import type {
  AgentJob,
  AgentProfile,
  AgentTemplate,
  ClientHistory,
  PortfolioHit,
} from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import { jobs, type JobRow } from '../../db/schema/jobs.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { responses } from '../../db/schema/responses.ts';
import { templates } from '../../db/schema/templates.ts';
import { HttpError } from '../../http-error.ts';
import { parseJobText } from '../jobs/parse-job-text.ts';
import { searchPortfolio } from '../portfolio/search.ts';

/** A job of this user, or 404 (another user's id included). */
export async function loadJobRow(db: Database, userId: string, jobId: string): Promise<JobRow> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)))
    .limit(1);
  const row = rows[0];
  if (!row) throw new HttpError(404, 'not_found', 'Job not found');
  return row;
}

type BudgetFields = Pick<
  JobRow,
  'currency' | 'budgetMinMinor' | 'budgetMaxMinor' | 'hourlyMinMinor' | 'hourlyMaxMinor'
>;

function budgetOf(row: BudgetFields): string | null {
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
    promptTraps: [...new Set([...flagged, ...detectPromptTraps(row.description)])],
  };
}

/**
 * A pasted job, read by the same parser as Browse Jobs' paste (modules/jobs/parse-job-text.ts), so
 * one text gives the same title, budget, questions and client facts in both places.
 */
export function agentJobFromPastedText(text: string, url: string | null, now: Date): AgentJob {
  const parsed: ParsedJob = parseJobText({ text, url: url ?? undefined }, now);
  const { client } = parsed;
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
    promptTraps: detectPromptTraps(text),
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
    promptTraps: detectPromptTraps(snapshot.description),
  };
}

export async function loadAgentProfile(
  db: Database,
  userId: string,
  fallbackName: string | null,
): Promise<AgentProfile> {
  const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const row = rows[0];
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

export async function profileDefaults(db: Database, userId: string) {
  const rows = await db
    .select({ tone: profiles.defaultTone, length: profiles.defaultLength })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return rows[0] ?? { tone: 'professional' as const, length: 'medium' as const };
}

/** The portfolio search of issue 5, scoped to the owner, as the agent's tool needs it. */
export function portfolioSearcher(db: Database, userId: string, model: ResolvedModel | null) {
  const batch = model?.embed ?? null;
  const embed = batch
    ? async (text: string) => {
        const [vector] = await batch([text]);
        return vector ?? null;
      }
    : null;
  return async (query: string, limit: number): Promise<PortfolioHit[]> => {
    const result = await searchPortfolio(db, {
      userId,
      query,
      limit,
      mode: embed ? 'ai' : 'text',
      embed,
      embeddingModel: model?.embeddingModelId
        ? `${model.provider}:${model.embeddingModelId}`
        : null,
    });
    return result.results.map(({ item }) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      skills: item.skills,
      results: item.results || null,
      url: item.links[0]?.url ?? null,
    }));
  };
}

export async function listAgentTemplates(db: Database, userId: string): Promise<AgentTemplate[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), eq(templates.kind, 'response')))
    .orderBy(desc(templates.isDefault), desc(templates.usageCount))
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: r.name, body: r.body, isDefault: r.isDefault }));
}

export function clientHistoryReader(db: Database, userId: string, job: AgentJob) {
  return async (): Promise<ClientHistory> => {
    const previous = job.id
      ? await db
          .select({
            jobTitle: responses.jobTitle,
            status: responses.status,
            createdAt: responses.createdAt,
          })
          .from(responses)
          .where(
            and(
              eq(responses.userId, userId),
              eq(responses.jobId, job.id),
              isNull(responses.deletedAt),
              ne(responses.generation, 'failed'),
            ),
          )
          .orderBy(desc(responses.createdAt))
          .limit(5)
      : [];
    return {
      facts: job.clientFacts,
      previousResponses: previous.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    };
  };
}
