import { createHash } from 'node:crypto';

import type {
  Job,
  JobFilters,
  JobSource,
  ParsedJob,
  ParsedListJobsQuery,
  UpdateJobBody,
} from '#contract/jobs';
import type { Page } from '#contract/pagination';
import { FIT_BUCKETS, OWN_RATES_MIN_SENDS } from '#contract/response-analytics';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobRow, NewJobRow } from '../../db/schema/jobs.ts';
import { notFound } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { ownHireRates, type OwnHireRates } from '../analytics/service.ts';
import { getProfileRow } from '../profile/service.ts';
import {
  fetchPostingDetails,
  sharedLimiter,
  type UpworkDeps,
  type UpworkJobStore,
} from '../upwork/service.ts';
import { scoreColumns, scoringInput, toJob } from './job-rows.ts';
import * as repo from './repo.ts';
import {
  HOURLY_ENGAGEMENT_HOURS,
  SCORING_VERSION,
  normalizeSkill,
  scoreJob,
  type ScoringProfile,
} from './scoring.ts';

/**
 * Browse Jobs rules: scoring on write, ownership on every read, the 24-hour rule, the full
 * Upwork posting read once. The door other areas use to reach jobs.
 */

const RESCORE_BATCH = 2_000;

/**
 * The profile jobs are scored against: the user's skills and rates, and their own hire rates
 * per fit bucket once they have OWN_RATES_MIN_SENDS sends with a fit score.
 */
export async function scoringProfileFor(db: Database, userId: string): Promise<ScoringProfile> {
  const [row, rates] = await Promise.all([getProfileRow(db, userId), ownHireRates(db, userId)]);
  return {
    skills: row?.skills ?? [],
    hourlyRateMinor: row?.hourlyRateMinor ?? null,
    rateFloorMinor: row?.rateFloorMinor ?? null,
    currency: row?.currency ?? 'USD',
    ownRates: rates.scoredSends >= OWN_RATES_MIN_SENDS ? rates : null,
  };
}

/**
 * The own hire rates as they enter the score key: whole percents per fit bucket, so scores are
 * redone when a rate moves, not on every send that leaves it where it was.
 */
function ownRatesKey(ownRates: OwnHireRates): Array<[string, number]> {
  return FIT_BUCKETS.map(({ key }) => {
    const bucket = ownRates.hireRateByBucket[key];
    const percent = bucket && bucket.sent > 0 ? Math.round((100 * bucket.hired) / bucket.sent) : -1;
    return [key, percent];
  });
}

/** Identifies the profile + rules a score was computed with; a change makes scores stale. */
export function scoreKeyFor(profile: ScoringProfile): string {
  const material = JSON.stringify([
    SCORING_VERSION,
    [...profile.skills].map(normalizeSkill).sort(),
    profile.hourlyRateMinor,
    profile.rateFloorMinor,
    profile.currency,
    ...(profile.ownRates ? [ownRatesKey(profile.ownRates)] : []),
  ]);
  return createHash('sha256').update(material).digest('hex').slice(0, 16);
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
export async function rescoreStale(
  db: Database,
  userId: string,
  now: Date,
  batch = RESCORE_BATCH,
): Promise<number> {
  const profile = await scoringProfileFor(db, userId);
  const key = scoreKeyFor(profile);
  if (freshScoreKeys.get(userId) === key) return 0;
  const stale = await repo.staleScoreRows(db, userId, key, batch);
  if (stale.length < batch) freshScoreKeys.set(userId, key);
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

/**
 * One step of re-scoring after a profile change: up to `batch` jobs scored again, and how many
 * still carry a score from the old profile (the caller repeats until none do, showing progress).
 */
export async function rescoreJobsStep(
  db: Database,
  userId: string,
  now: Date,
  batch: number,
): Promise<{ rescored: number; remaining: number }> {
  const rescored = await rescoreStale(db, userId, now, batch);
  if (rescored < batch) return { rescored, remaining: 0 };
  const key = scoreKeyFor(await scoringProfileFor(db, userId));
  return { rescored, remaining: await repo.countStaleScoreRows(db, userId, key) };
}

/** The skills the user's own jobs ask for, most frequent first (suggestions for their profile). */
export async function skillsInJobs(db: Database, userId: string, limit: number): Promise<string[]> {
  return repo.mostFrequentSkills(db, userId, limit);
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

export type ViewJobContext = {
  config: Config;
  userAgent: string | null;
  log: { warn: (obj: object, msg: string) => void };
};

/**
 * Screening questions come only with the full Upwork posting: it is read once, the first time
 * the job is opened. A failure keeps what we have.
 */
async function withUpworkDetails(
  db: Database,
  userId: string,
  row: JobRow,
  context: ViewJobContext,
): Promise<JobRow> {
  if (row.source !== 'upwork' || row.detailsFetchedAt) return row;
  const upwork: UpworkDeps = { db, config: context.config, limiter: sharedLimiter(context.config) };
  try {
    const details = await fetchPostingDetails(upwork, userId, row.externalId);
    const now = new Date();
    if (!details) {
      await repo.updateJobRow(db, userId, row.id, { detailsFetchedAt: now });
    } else {
      await repo.updateJobRow(db, userId, row.id, {
        screeningQuestions: details.screeningQuestions,
        ...(details.description ? { description: details.description } : {}),
        detailsFetchedAt: now,
        // Questions can carry prompt traps: score again on the next read.
        scoreKey: null,
      });
      forgetFreshScores(userId);
    }
    return await requireJob(db, userId, row.id);
  } catch (error) {
    context.log.warn(
      { err: error instanceof Error ? error.message : 'unknown' },
      'upwork job details not fetched',
    );
    return row;
  }
}

/** Opening one job: the full posting when it is due, the view logged, a score computed now. */
export async function viewJob(
  db: Database,
  userId: string,
  id: string,
  context: ViewJobContext,
): Promise<Job> {
  const row = await withUpworkDetails(db, userId, await requireJob(db, userId, id), context);
  await recordActivity(db, {
    userId,
    action: 'view_job',
    jobId: row.id,
    details: { source: row.source, title: row.title.slice(0, 200) },
    userAgent: context.userAgent,
  });
  return jobDetail(db, userId, row, new Date());
}

export async function updateJob(
  db: Database,
  userId: string,
  id: string,
  body: UpdateJobBody,
  now: Date,
  userAgent: string | null = null,
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
  if (body.applied === true) {
    await recordActivity(db, {
      userId,
      action: 'apply_job',
      jobId: row.id,
      details: {
        source: row.source,
        title: row.title.slice(0, 200),
        fit: row.fitScore,
        verdict: row.verdict,
      },
      userAgent,
    });
  }
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

/** Filters of a saved search -> list query (the poller and the SPA share the meaning). */
export function filtersToQuery(filters: JobFilters, limit: number): ParsedListJobsQuery {
  const { sort, ...rest } = filters;
  return { ...rest, sort: sort ?? 'newest', limit };
}

/** The newest of the user's jobs matching these filters (what a saved-search poll looks at). */
export async function newestMatchingJobs(
  db: Database,
  userId: string,
  filters: JobFilters,
  limit: number,
  now: Date,
): Promise<repo.JobListRow[]> {
  const { sort: _sort, cursor: _cursor, limit: _limit, ...filter } = filtersToQuery(filters, limit);
  void _sort;
  void _cursor;
  void _limit;
  const page = await repo.listJobRows(db, userId, filter, 'newest', limit, undefined, now);
  return page.rows;
}

/**
 * Upwork's 24-hour caching rule: Upwork job content fetched more than 24 h ago is dropped unless
 * the user acted on the job. Without a user id, every user's expired jobs go.
 */
export async function purgeExpiredUpworkJobs(
  db: Database,
  now: Date,
  userId?: string,
): Promise<number> {
  return repo.purgeExpiredUpworkJobs(db, now, userId);
}

/** Where an Upwork sync puts the postings it fetched: scored for the user, then upserted. */
export function upworkJobStore(db: Database): UpworkJobStore {
  return {
    async save(userId, postings, now) {
      const profile = await scoringProfileFor(db, userId);
      const key = scoreKeyFor(profile);
      const rows = postings.map((posting) =>
        toNewJobRow(userId, 'upwork', posting.externalId, posting, profile, key, now),
      );
      const { created, updated } = await repo.upsertJobRows(db, rows);
      return { created, updated };
    },
    purgeExpired: (userId, now) => repo.purgeExpiredUpworkJobs(db, now, userId),
    disconnectPreview: (userId) => repo.countUpworkJobsOnDisconnect(db, userId),
    removeOnDisconnect: (userId) => repo.deleteUnactedUpworkJobs(db, userId),
  };
}

/** A stored job, as other areas receive it from this service. */
export type { JobRow } from '../../db/schema/jobs.ts';

/** Reads a pasted job post; other areas draft from pasted text through this door. */
export { parseJobText } from './parse-job-text.ts';
