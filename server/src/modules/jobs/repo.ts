import {
  and,
  getTableColumns,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';

import { POSTED_WITHIN_MS, type JobFilters, type JobSort } from '#contract/jobs';

import {
  cursorId,
  cursorSafeInteger,
  cursorSmallint,
  cursorTime,
  decodeCursor,
  encodeCursor,
} from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { jobs, type JobRow, type NewJobRow } from '../../db/schema/jobs.ts';
import { countrySpellings } from './country-names.ts';
import { toWebsearchQuery } from './search-query.ts';

/** Jobs SQL. Every function takes the owner's id and scopes by it. */

export type JobListFilter = Omit<JobFilters, 'sort'> & { includeHidden?: boolean | undefined };

export type JobCursor = { sort: JobSort; value: number; id: string };

export function encodeJobCursor(cursor: JobCursor): string {
  return encodeCursor([cursor.sort, cursor.value, cursor.id]);
}

/** The values each sort's column can hold; anything else would fail in the database. */
const CURSOR_VALUE: Record<JobSort, z.ZodType<number>> = {
  fit: cursorSmallint,
  budget: cursorSafeInteger,
  newest: cursorTime,
};

export function decodeJobCursor(raw: string, sort: JobSort): JobCursor {
  const [, value, id] = decodeCursor(raw, z.tuple([z.literal(sort), CURSOR_VALUE[sort], cursorId]));
  return { sort, value, id };
}

/**
 * The sort key of each sort, as a column and as read from a row (for the next cursor). Every
 * writer (toNewJobRow) sets posted_at, fit_score and budget_sort_minor, so the plain columns are
 * used and the (user_id, key desc, id desc) indexes serve both the order and the keyset.
 */
function sortKey(sort: JobSort): {
  column: typeof jobs.postedAt | typeof jobs.fitScore | typeof jobs.budgetSortMinor;
  read: (row: JobListRow) => number;
  value: (cursorValue: number) => number | Date;
} {
  switch (sort) {
    case 'fit':
      return { column: jobs.fitScore, read: (row) => row.fitScore ?? 0, value: (v) => v };
    case 'budget':
      return {
        column: jobs.budgetSortMinor,
        read: (row) => row.budgetSortMinor ?? 0,
        value: (v) => v,
      };
    case 'newest':
      return {
        column: jobs.postedAt,
        read: (row) => (row.postedAt ?? row.createdAt).getTime(),
        value: (v) => new Date(v),
      };
  }
}

export function filterConditions(userId: string, filter: JobListFilter, now: Date): SQL[] {
  const conditions: SQL[] = [eq(jobs.userId, userId)];
  if (filter.hidden === true) conditions.push(isNotNull(jobs.hiddenAt));
  else if (!filter.includeHidden) conditions.push(isNull(jobs.hiddenAt));
  const q = filter.q ? toWebsearchQuery(filter.q) : null;
  if (q) conditions.push(sql`${jobs.search} @@ websearch_to_tsquery('english', ${q})`);
  if (filter.jobType) conditions.push(eq(jobs.jobType, filter.jobType));
  if (filter.budgetMin !== undefined) conditions.push(gte(jobs.budgetMaxMinor, filter.budgetMin));
  if (filter.budgetMax !== undefined) conditions.push(lte(jobs.budgetMinMinor, filter.budgetMax));
  if (filter.hourlyMin !== undefined) conditions.push(gte(jobs.hourlyMaxMinor, filter.hourlyMin));
  if (filter.hourlyMax !== undefined) conditions.push(lte(jobs.hourlyMinMinor, filter.hourlyMax));
  if (filter.experience && filter.experience.length > 0)
    conditions.push(inArray(jobs.experienceLevel, filter.experience));
  if (filter.paymentVerified !== undefined)
    conditions.push(eq(jobs.clientPaymentVerified, filter.paymentVerified));
  if (filter.clientSpentMin !== undefined)
    conditions.push(gte(jobs.clientTotalSpentMinor, filter.clientSpentMin));
  if (filter.clientHiresMin !== undefined)
    conditions.push(gte(jobs.clientHires, filter.clientHiresMin));
  if (filter.countries && filter.countries.length > 0) {
    conditions.push(
      inArray(sql`lower(${jobs.clientCountry})`, filter.countries.flatMap(countrySpellings)),
    );
  }
  if (filter.proposalsMax !== undefined) {
    const cond = or(isNull(jobs.proposalsCount), lte(jobs.proposalsCount, filter.proposalsMax));
    if (cond) conditions.push(cond);
  }
  if (filter.postedWithin) {
    conditions.push(
      gte(jobs.postedAt, new Date(now.getTime() - POSTED_WITHIN_MS[filter.postedWithin])),
    );
  }
  if (filter.skills && filter.skills.length > 0) {
    conditions.push(
      arrayOverlaps(
        jobs.skillsKey,
        filter.skills.map((s) => s.trim().toLowerCase()),
      ),
    );
  }
  if (filter.minScore !== undefined) conditions.push(gte(jobs.fitScore, filter.minScore));
  if (filter.verdict) conditions.push(eq(jobs.verdict, filter.verdict));
  if (filter.source) conditions.push(eq(jobs.source, filter.source));
  return conditions;
}

/** Every column but the search vector (large, and only the database reads it). */
const { search: _search, ...listColumns } = getTableColumns(jobs);
export type JobListRow = Omit<JobRow, 'search'>;

export async function listJobRows(
  db: Database,
  userId: string,
  filter: JobListFilter,
  sort: JobSort,
  limit: number,
  cursor: string | undefined,
  now: Date,
): Promise<{ rows: JobListRow[]; nextCursor: string | null }> {
  const key = sortKey(sort);
  const conditions = filterConditions(userId, filter, now);
  if (cursor) {
    const after = decodeJobCursor(cursor, sort);
    const value = key.value(after.value);
    const cond = or(lt(key.column, value), and(eq(key.column, value), lt(jobs.id, after.id)));
    if (cond) conditions.push(cond);
  }
  const rows = await db
    .select(listColumns)
    .from(jobs)
    .where(and(...conditions))
    // NULLS LAST as in the indexes (drizzle-kit writes DESC NULLS LAST), so they serve the order.
    .orderBy(sql`${key.column} desc nulls last`, sql`${jobs.id} desc nulls last`)
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    rows: items,
    nextCursor:
      rows.length > limit && last
        ? encodeJobCursor({ sort, value: key.read(last), id: last.id })
        : null,
  };
}

export async function getJobRow(
  db: Database,
  userId: string,
  id: string,
): Promise<JobRow | undefined> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function updateJobRow(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewJobRow>,
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
    .returning();
  return row;
}

/** Content columns an upsert refreshes; the user's own marks (hidden, applied) are kept. */
const REFRESHED_ON_UPSERT = [
  'ciphertext',
  'title',
  'description',
  'url',
  'jobType',
  'currency',
  'budgetMinMinor',
  'budgetMaxMinor',
  'hourlyMinMinor',
  'hourlyMaxMinor',
  'experienceLevel',
  'category',
  'skills',
  'skillsKey',
  'skillsText',
  'clientPaymentVerified',
  'clientTotalSpentMinor',
  'clientHires',
  'clientJobsPosted',
  'clientReviews',
  'clientRating',
  'clientCountry',
  'proposalsCount',
  'postedAt',
  'fetchedAt',
  'fitScore',
  'verdict',
  'worthPerConnectMinor',
  'flagCount',
  'hasPromptTrap',
  'score',
  'scoreVersion',
  'scoreKey',
  'scoredAt',
  'budgetSortMinor',
] as const satisfies ReadonlyArray<keyof NewJobRow>;

const COLUMN_NAMES: Record<(typeof REFRESHED_ON_UPSERT)[number], string> = {
  ciphertext: 'ciphertext',
  title: 'title',
  description: 'description',
  url: 'url',
  jobType: 'job_type',
  currency: 'currency',
  budgetMinMinor: 'budget_min_minor',
  budgetMaxMinor: 'budget_max_minor',
  hourlyMinMinor: 'hourly_min_minor',
  hourlyMaxMinor: 'hourly_max_minor',
  experienceLevel: 'experience_level',
  category: 'category',
  skills: 'skills',
  skillsKey: 'skills_key',
  skillsText: 'skills_text',
  clientPaymentVerified: 'client_payment_verified',
  clientTotalSpentMinor: 'client_total_spent_minor',
  clientHires: 'client_hires',
  clientJobsPosted: 'client_jobs_posted',
  clientReviews: 'client_reviews',
  clientRating: 'client_rating',
  clientCountry: 'client_country',
  proposalsCount: 'proposals_count',
  postedAt: 'posted_at',
  fetchedAt: 'fetched_at',
  fitScore: 'fit_score',
  verdict: 'verdict',
  worthPerConnectMinor: 'worth_per_connect_minor',
  flagCount: 'flag_count',
  hasPromptTrap: 'has_prompt_trap',
  score: 'score',
  scoreVersion: 'score_version',
  scoreKey: 'score_key',
  scoredAt: 'scored_at',
  budgetSortMinor: 'budget_sort_minor',
};

/**
 * Inserts or refreshes jobs keyed by (user, source, external id): a re-sync never duplicates.
 * Screening questions are kept when the new row has none (search results do not carry them).
 */
export async function upsertJobRows(
  db: Database,
  rows: NewJobRow[],
): Promise<{ created: number; updated: number; ids: string[] }> {
  if (rows.length === 0) return { created: 0, updated: 0, ids: [] };
  let created = 0;
  let updated = 0;
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const excluded = Object.fromEntries(
      REFRESHED_ON_UPSERT.map((key) => [key, sql`excluded.${sql.identifier(COLUMN_NAMES[key])}`]),
    );
    const result = await db
      .insert(jobs)
      .values(chunk)
      .onConflictDoUpdate({
        target: [jobs.userId, jobs.source, jobs.externalId],
        set: {
          ...excluded,
          screeningQuestions: sql`case when jsonb_array_length(excluded.screening_questions) > 0 then excluded.screening_questions else ${jobs.screeningQuestions} end`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: jobs.id, inserted: sql<boolean>`(xmax = 0)` });
    for (const row of result) {
      ids.push(row.id);
      if (row.inserted) created += 1;
      else updated += 1;
    }
  }
  return { created, updated, ids };
}

/** Rows whose stored score was computed for another profile or scoring version. */
export async function staleScoreRows(
  db: Database,
  userId: string,
  scoreKey: string,
  limit: number,
): Promise<JobRow[]> {
  const stale = or(isNull(jobs.scoreKey), ne(jobs.scoreKey, scoreKey));
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), stale))
    .orderBy(desc(jobs.postedAt))
    .limit(limit);
}

export async function countStaleScoreRows(
  db: Database,
  userId: string,
  scoreKey: string,
): Promise<number> {
  const stale = or(isNull(jobs.scoreKey), ne(jobs.scoreKey, scoreKey));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), stale));
  return row?.count ?? 0;
}

/** The skills named across the user's jobs, by how many jobs name each (ties by name). */
export async function mostFrequentSkills(
  db: Database,
  userId: string,
  limit: number,
): Promise<string[]> {
  const named = db
    .select({ skill: sql<string>`unnest(${jobs.skills})`.as('skill') })
    .from(jobs)
    .where(eq(jobs.userId, userId))
    .as('named');
  const rows = await db
    .select({ skill: named.skill })
    .from(named)
    .groupBy(named.skill)
    .orderBy(desc(sql`count(*)`), asc(named.skill))
    .limit(limit);
  return rows.map((row) => row.skill);
}

/**
 * Upwork's 24-hour caching rule: Upwork job content fetched more than 24 h ago is dropped unless
 * the user acted on the job (applied, or started a response).
 */
export async function purgeExpiredUpworkJobs(
  db: Database,
  now: Date,
  userId?: string,
): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 3_600_000);
  const conditions = [
    eq(jobs.source, 'upwork'),
    lt(jobs.fetchedAt, cutoff),
    isNull(jobs.actedAt),
    isNull(jobs.appliedAt),
  ];
  if (userId) conditions.push(eq(jobs.userId, userId));
  const deleted = await db
    .delete(jobs)
    .where(and(...conditions))
    .returning({ id: jobs.id });
  return deleted.length;
}

export async function jobsByIds(db: Database, userId: string, ids: string[]): Promise<JobRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), inArray(jobs.id, ids)))
    .orderBy(asc(jobs.createdAt));
}

/**
 * A job the user acted on: applied, or started a response (the responses area marks acted_at
 * when a response is written for a job). Such Upwork jobs outlive a disconnect; the others came
 * with the connection and go with it.
 */
function actedOn(): SQL {
  return sql`(${jobs.appliedAt} is not null or ${jobs.actedAt} is not null)`;
}

/** How many of the user's Upwork jobs a disconnect removes, and how many it keeps. */
export async function countUpworkJobsOnDisconnect(
  db: Database,
  userId: string,
): Promise<{ removeJobs: number; keepJobs: number }> {
  const [row] = await db
    .select({
      keepJobs: sql<number>`count(*) filter (where ${actedOn()})`.mapWith(Number),
      removeJobs: sql<number>`count(*) filter (where not ${actedOn()})`.mapWith(Number),
    })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.source, 'upwork')));
  return { removeJobs: row?.removeJobs ?? 0, keepJobs: row?.keepJobs ?? 0 };
}

/** Deletes the user's Upwork jobs they never acted on; answers how many went. */
export async function deleteUnactedUpworkJobs(db: Database, userId: string): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.source, 'upwork'), sql`not ${actedOn()}`))
    .returning({ id: jobs.id });
  return deleted.length;
}
