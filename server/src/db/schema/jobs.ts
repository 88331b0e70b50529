import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type {
  ExperienceLevel,
  JobScoreDetails,
  JobSource,
  JobType,
  JobVerdict,
  ScreeningQuestion,
} from '#contract/jobs';

import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/** Postgres `tsvector`: Drizzle has no built-in type for it. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * Jobs: one row per job per user. Upwork rows are upserted by
 * (user, source, external id) so a re-sync never duplicates; manual and CSV rows get a stable
 * external id from their URL or content hash. Scores live on the row because jobs are already
 * per user and the list sorts by fit; `score_version` says which scoring rules produced them and
 * `score_key` which profile they were computed against, so stale scores are recomputed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<JobSource>().notNull(),
    externalId: text('external_id').notNull(),
    /** Upwork's ciphertext (`~01…`), used for the job URL. */
    ciphertext: text('ciphertext'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    jobType: text('job_type').$type<JobType>().notNull().default('unknown'),
    currency: text('currency').notNull().default('USD'),
    /** Fixed price budget, minor units. */
    budgetMinMinor: bigint('budget_min_minor', { mode: 'number' }),
    budgetMaxMinor: bigint('budget_max_minor', { mode: 'number' }),
    /** Hourly range, minor units per hour. */
    hourlyMinMinor: integer('hourly_min_minor'),
    hourlyMaxMinor: integer('hourly_max_minor'),
    experienceLevel: text('experience_level').$type<ExperienceLevel>(),
    category: text('category'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased skills, for the skills filter (array overlap with a GIN index). */
    skillsKey: text('skills_key')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Skills joined with spaces: array_to_string is not immutable, so the search column reads this. */
    skillsText: text('skills_text').notNull().default(''),
    screeningQuestions: jsonb('screening_questions')
      .$type<ScreeningQuestion[]>()
      .notNull()
      .default([]),
    // Client facts (null = unknown)
    clientPaymentVerified: boolean('client_payment_verified'),
    clientTotalSpentMinor: bigint('client_total_spent_minor', { mode: 'number' }),
    clientHires: integer('client_hires'),
    clientJobsPosted: integer('client_jobs_posted'),
    clientReviews: integer('client_reviews'),
    clientRating: real('client_rating'),
    clientCountry: text('client_country'),
    clientMemberSince: timestamp('client_member_since', { withTimezone: true, mode: 'date' }),
    proposalsCount: integer('proposals_count'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    /** Set when the user acts on a job (apply, response): such rows outlive the 24 h cache rule. */
    actedAt: timestamp('acted_at', { withTimezone: true, mode: 'date' }),
    // Scoring
    fitScore: smallint('fit_score'),
    verdict: text('verdict').$type<JobVerdict>(),
    /** Expected value per Connect, minor units. */
    worthPerConnectMinor: integer('worth_per_connect_minor'),
    flagCount: smallint('flag_count').notNull().default(0),
    hasPromptTrap: boolean('has_prompt_trap').notNull().default(false),
    score: jsonb('score').$type<JobScoreDetails>(),
    scoreVersion: smallint('score_version'),
    scoreKey: text('score_key'),
    scoredAt: timestamp('scored_at', { withTimezone: true, mode: 'date' }),
    /** Upwork rows: when the full posting (screening questions) was read. */
    detailsFetchedAt: timestamp('details_fetched_at', { withTimezone: true, mode: 'date' }),
    /** Sort key for the budget sort: fixed max, or hourly max x 40 h, minor units. */
    budgetSortMinor: bigint('budget_sort_minor', { mode: 'number' }),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("skills_text", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')`,
    ),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('jobs_user_source_external_key').on(table.userId, table.source, table.externalId),
    index('jobs_search_idx').using('gin', table.search),
    index('jobs_skills_key_idx').using('gin', table.skillsKey),
    index('jobs_user_posted_idx').on(table.userId, table.postedAt.desc(), table.id.desc()),
    index('jobs_user_fit_idx').on(table.userId, table.fitScore.desc(), table.id.desc()),
    index('jobs_user_budget_idx').on(table.userId, table.budgetSortMinor.desc(), table.id.desc()),
    index('jobs_user_type_idx').on(table.userId, table.jobType),
    index('jobs_user_fetched_idx').on(table.userId, table.source, table.fetchedAt),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
