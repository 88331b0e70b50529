import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import type {
  CheckResult,
  GenerationState,
  JobSnapshot,
  ResponseLength,
  ResponseStatus,
  Tone,
  Variant,
} from '#contract/responses';

import { id, timestamps } from './columns.ts';
import { jobs } from './jobs.ts';
import { portfolioItems } from './portfolio.ts';
import { templates } from './templates.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Responses (proposals). The job is linked when it is a jobs row and always snapshotted, so the
 * response still reads right after the job is dropped. Status changes are kept as events
 * (response_status_events) because analytics reads the history; the row holds the current state.
 */
export const responses = pgTable(
  'responses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    job: jsonb('job').$type<JobSnapshot>().notNull(),
    jobTitle: text('job_title').notNull().default(''),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** Variants generated together share a generation id (A/B). */
    generationId: uuid('generation_id'),
    variant: text('variant').$type<Variant>().notNull().default('A'),
    status: text('status').$type<ResponseStatus>().notNull().default('draft'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    generation: text('generation').$type<GenerationState>().notNull().default('complete'),
    generationError: text('generation_error'),
    text: text('text').notNull().default(''),
    tone: text('tone').$type<Tone>().notNull().default('professional'),
    length: text('length').$type<ResponseLength>().notNull().default('medium'),
    bidMinor: bigint('bid_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    connects: smallint('connects'),
    fitScoreAtSend: smallint('fit_score_at_send'),
    offline: boolean('offline').notNull().default(false),
    model: text('model'),
    promptVersion: text('prompt_version'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** Cost of generating, in micro-dollars (USD / 1,000,000). */
    costMicros: integer('cost_micros').notNull().default(0),
    latencyMs: integer('latency_ms'),
    checks: jsonb('checks').$type<CheckResult[]>().notNull().default([]),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("job_title", '')), 'A') || setweight(to_tsvector('english', coalesce("text", '')), 'B')`,
    ),
    ...timestamps(),
  },
  (table) => [
    index('responses_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('responses_user_status_idx').on(table.userId, table.status),
    // Analytics reads a user's sent responses by the time they were sent.
    index('responses_user_sent_idx')
      .on(table.userId, table.sentAt)
      .where(sql`"sent_at" is not null`),
    index('responses_job_idx').on(table.jobId),
    index('responses_template_idx').on(table.templateId),
    index('responses_search_idx').using('gin', table.search),
  ],
);
export type ResponseRow = typeof responses.$inferSelect;
export type NewResponseRow = typeof responses.$inferInsert;

/** Every status change with its time (analytics reads these). */
export const responseStatusEvents = pgTable(
  'response_status_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ResponseStatus>(),
    toStatus: text('to_status').$type<ResponseStatus>().notNull(),
    ...timestamps(),
  },
  (table) => [
    index('response_status_events_response_idx').on(table.responseId, table.createdAt),
    // Analytics reads one user's events for a whole period of responses at once.
    index('response_status_events_user_response_idx').on(
      table.userId,
      table.responseId,
      table.toStatus,
    ),
  ],
);
export type ResponseStatusEventRow = typeof responseStatusEvents.$inferSelect;

/** Text history: one row per saved text (generated, edited, improved, restored). */
export const responseVersions = pgTable(
  'response_versions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    text: text('text').notNull(),
    source: text('source').notNull(),
    ...timestamps(),
  },
  (table) => [index('response_versions_response_idx').on(table.responseId, table.number.desc())],
);
export type ResponseVersionRow = typeof responseVersions.$inferSelect;

/** Portfolio items a response cites (the agent's sources; portfolio shows which ones win). */
export const responseCitations = pgTable(
  'response_citations',
  {
    responseId: uuid('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    portfolioItemId: uuid('portfolio_item_id')
      .notNull()
      .references(() => portfolioItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.responseId, table.portfolioItemId] }),
    index('response_citations_item_idx').on(table.portfolioItemId),
    // Analytics reads one user's citations for a whole period of responses at once.
    index('response_citations_user_response_idx').on(table.userId, table.responseId),
  ],
);
export type ResponseCitationRow = typeof responseCitations.$inferSelect;
