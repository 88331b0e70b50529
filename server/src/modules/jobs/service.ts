import { createHash } from 'node:crypto';

import type {
  CsvImportResult,
  Job,
  JobFilters,
  JobSource,
  ManualJobBody,
  ParsedJob,
  ParsedListJobsQuery,
  UpdateJobBody,
} from '#contract/jobs';
import type { Page } from '#contract/pagination';

import type { Database } from '../../db/client.ts';
import type { JobRow, NewJobRow } from '../../db/schema/jobs.ts';
import { notFound, HttpError } from '../../http-error.ts';
import { getProfileRow } from '../profile/service.ts';
import { parseJobsCsv, summarizeRow } from './csv-import.ts';
import { extractUpworkCiphertext, parseJobText } from './parse-job-text.ts';
import * as repo from './repo.ts';
import {
  HOURLY_ENGAGEMENT_HOURS,
  SCORING_VERSION,
  normalizeSkill,
  scoreJob,
  type ScoringJob,
  type ScoringProfile,
} from './scoring.ts';

/** Browse Jobs rules: scoring on write, ownership on every read, the 24-hour rule. */

const LIST_DESCRIPTION_CHARS = 600;
const RESCORE_BATCH = 2_000;

export async function scoringProfileFor(db: Database, userId: string): Promise<ScoringProfile> {
  const row = await getProfileRow(db, userId);
  return {
    skills: row?.skills ?? [],
    hourlyRateMinor: row?.hourlyRateMinor ?? null,
    rateFloorMinor: row?.rateFloorMinor ?? null,
    currency: row?.currency ?? 'USD',
  };
}

/** Identifies the profile + rules a score was computed with; a change makes scores stale. */
export function scoreKeyFor(profile: ScoringProfile): string {
  const material = JSON.stringify([
    SCORING_VERSION,
    [...profile.skills].map(normalizeSkill).sort(),
    profile.hourlyRateMinor,
    profile.rateFloorMinor,
    profile.currency,
  ]);
  return createHash('sha256').update(material).digest('hex').slice(0, 16);
}

function scoringInput(job: ParsedJob | repo.JobListRow): ScoringJob {
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

function scoreColumns(input: ScoringJob, profile: ScoringProfile, key: string, now: Date) {
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

function budgetSort(job: ParsedJob): number {
  if (job.jobType === 'fixed') return job.budgetMaxMinor ?? job.budgetMinMinor ?? 0;
  const top = job.hourlyMaxMinor ?? job.hourlyMinMinor;
  return top !== null ? top * HOURLY_ENGAGEMENT_HOURS : 0;
}

/** A parsed job (from text, CSV or Upwork) -> a row ready to upsert, scored. */
export function toNewJobRow(
  userId: string,
  source: JobSource,
  externalId: string,
  job: ParsedJob & { ciphertext?: string | null; category?: string | null },
  profile: ScoringProfile,
  key: string,
  now: Date,
): NewJobRow {
  const skills = job.skills.slice(0, 50);
  return {
    userId,
    source,
    externalId,
    ciphertext: job.ciphertext ?? null,
    title: job.title.slice(0, 500),
    description: job.description,
    url: job.url,
    jobType: job.jobType,
    currency: job.currency,
    budgetMinMinor: job.budgetMinMinor,
    budgetMaxMinor: job.budgetMaxMinor,
    hourlyMinMinor: job.hourlyMinMinor,
    hourlyMaxMinor: job.hourlyMaxMinor,
    experienceLevel: job.experienceLevel,
    category: job.category ?? null,
    skills,
    skillsKey: skills.map((s) => s.toLowerCase()),
    skillsText: skills.join(' '),
    screeningQuestions: job.screeningQuestions,
    clientPaymentVerified: job.client.paymentVerified,
    clientTotalSpentMinor: job.client.totalSpentMinor,
    clientHires: job.client.hires,
    clientJobsPosted: job.client.jobsPosted,
    clientReviews: job.client.reviews,
    clientRating: job.client.rating,
    clientCountry: job.client.country,
    clientMemberSince: job.client.memberSince ? new Date(job.client.memberSince) : null,
    proposalsCount: job.proposalsCount,
    // Unknown posting time: the time we first saw it, so "newest" can sort every row.
    postedAt: job.postedAt ? new Date(job.postedAt) : now,
    fetchedAt: now,
    budgetSortMinor: budgetSort(job),
    ...scoreColumns(scoringInput(job), profile, key, now),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toJob(row: repo.JobListRow, options: { full?: boolean } = {}): Job {
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
    score: row.score,
  };
}

/**
 * Users whose rows were all scored with this key (by this process): the stale-row query is
 * skipped until their profile (and so the key) changes. Rows written later are scored with the
 * current key; rows changed outside scoring call forgetFreshScores.
 */
const freshScoreKeys = new Map<string, string>();

export function forgetFreshScores(userId: string): void {
  freshScoreKeys.delete(userId);
}

/** Recomputes scores made for an older profile or rule set (a few thousand rows a call). */
export async function rescoreStale(db: Database, userId: string, now: Date): Promise<number> {
  const profile = await scoringProfileFor(db, userId);
  const key = scoreKeyFor(profile);
  if (freshScoreKeys.get(userId) === key) return 0;
  const stale = await repo.staleScoreRows(db, userId, key, RESCORE_BATCH);
  if (stale.length < RESCORE_BATCH) freshScoreKeys.set(userId, key);
  if (stale.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const row of stale) {
      await repo.updateJobRow(
        tx as unknown as Database,
        userId,
        row.id,
        scoreColumns(scoringInput(row), profile, key, now),
      );
    }
  });
  return stale.length;
}

export async function listJobs(
  db: Database,
  userId: string,
  query: ParsedListJobsQuery,
  now: Date,
): Promise<Page<Job>> {
  // Upwork's 24-hour rule holds even when no poller or sync runs (an indexed, usually empty delete).
  await repo.purgeExpiredUpworkJobs(db, now, userId);
  await rescoreStale(db, userId, now);
  const { sort, limit, cursor, ...filter } = query;
  const page = await repo.listJobRows(db, userId, filter, sort, limit, cursor, now);
  return { items: page.rows.map((row) => toJob(row)), nextCursor: page.nextCursor };
}

export async function requireJob(db: Database, userId: string, id: string): Promise<JobRow> {
  const row = await repo.getJobRow(db, userId, id);
  if (!row) throw notFound('Job');
  return row;
}

/** One job with a score computed now (recency moves with the clock). */
export async function jobDetail(
  db: Database,
  userId: string,
  row: JobRow,
  now: Date,
): Promise<Job> {
  const profile = await scoringProfileFor(db, userId);
  const job = toJob(row, { full: true });
  return { ...job, score: scoreJob(scoringInput(row), profile, now) };
}

export async function updateJob(
  db: Database,
  userId: string,
  id: string,
  body: UpdateJobBody,
  now: Date,
): Promise<JobRow> {
  await requireJob(db, userId, id);
  const values: Partial<NewJobRow> = {};
  if (body.hidden !== undefined) values.hiddenAt = body.hidden ? now : null;
  if (body.applied !== undefined) {
    values.appliedAt = body.applied ? now : null;
    if (body.applied) values.actedAt = now;
  }
  const row = await repo.updateJobRow(db, userId, id, values);
  if (!row) throw notFound('Job');
  return row;
}

/**
 * For other areas (responses): the user acted on this job, so it outlives Upwork's 24-hour
 * cache rule. Returns false when the job is not the user's.
 */
export async function markJobActedOn(
  db: Database,
  userId: string,
  jobId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await repo.updateJobRow(db, userId, jobId, { actedAt: now });
  return row !== undefined;
}

function manualExternalId(url: string | null, text: string): string {
  if (url) {
    const ciphertext = extractUpworkCiphertext(url);
    if (ciphertext) return `upwork:${ciphertext}`;
    return `url:${createHash('sha256').update(url.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
  }
  const normalized = text.replace(/\s+/g, ' ').trim().toLowerCase();
  return `text:${createHash('sha256').update(normalized).digest('hex').slice(0, 32)}`;
}

export async function previewManualJob(
  db: Database,
  userId: string,
  body: ManualJobBody,
  now: Date,
) {
  const job = parseJobText({ text: body.text, url: body.url || undefined }, now);
  const profile = await scoringProfileFor(db, userId);
  return { job, score: scoreJob(scoringInput(job), profile, now) };
}

export async function saveManualJob(
  db: Database,
  userId: string,
  body: ManualJobBody,
  now: Date,
): Promise<{ row: JobRow; created: boolean }> {
  const job = parseJobText({ text: body.text, url: body.url || undefined }, now);
  const profile = await scoringProfileFor(db, userId);
  const externalId = manualExternalId(job.url, body.text);
  const values = toNewJobRow(
    userId,
    'manual',
    externalId,
    { ...job, ciphertext: job.url ? extractUpworkCiphertext(job.url) : null },
    profile,
    scoreKeyFor(profile),
    now,
  );
  const result = await repo.upsertJobRows(db, [values]);
  const row = await repo.getJobRow(db, userId, result.ids[0] ?? '');
  if (!row) throw new Error('manual job upsert returned nothing');
  return { row, created: result.created === 1 };
}

export async function importCsv(
  db: Database,
  userId: string,
  csv: string,
  dryRun: boolean,
  now: Date,
): Promise<CsvImportResult> {
  const parsed = await parseJobsCsv(csv);
  if (parsed.fileErrors.length > 0) {
    throw new HttpError(400, 'validation_failed', parsed.fileErrors.join(' '), {
      file: parsed.fileErrors,
    });
  }
  const rows = parsed.rows.map((row) => summarizeRow(row, null));
  const valid = parsed.rows.filter((row) => row.job !== null);
  let created = 0;
  let updated = 0;
  if (!dryRun && valid.length > 0) {
    const profile = await scoringProfileFor(db, userId);
    const key = scoreKeyFor(profile);
    const values = valid.map((row) => {
      const job = row.job as ParsedJob;
      const externalId = job.url
        ? manualExternalId(job.url, job.title)
        : `csv:${createHash('sha256').update(`${job.title}\n${job.description}`).digest('hex').slice(0, 32)}`;
      return toNewJobRow(userId, 'csv', externalId, job, profile, key, now);
    });
    // Two rows with the same key in one file: the later wins (one statement cannot upsert both).
    const unique = [...new Map(values.map((v) => [v.externalId, v])).values()];
    const result = await repo.upsertJobRows(db, unique);
    created = result.created;
    updated = result.updated;
  }
  return {
    rows,
    valid: valid.length,
    invalid: parsed.rows.length - valid.length,
    created,
    updated,
    dryRun,
  };
}

/** Filters of a saved search -> list query (the poller and the SPA share the meaning). */
export function filtersToQuery(filters: JobFilters, limit: number): ParsedListJobsQuery {
  const { sort, ...rest } = filters;
  return { ...rest, sort: sort ?? 'newest', limit };
}
