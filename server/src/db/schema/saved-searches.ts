import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { JobFilters } from '#contract/jobs';

import { id, timestamps } from './columns.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

/**
 * Saved searches: a name, the filters, an alert flag that the poller reads, and an optional
 * webhook the alerts are also posted to.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<JobFilters>().notNull(),
    alert: boolean('alert').notNull().default(false),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    lastMatchAt: timestamp('last_match_at', { withTimezone: true, mode: 'date' }),
    newMatches: integer('new_matches').notNull().default(0),
    /** Where alerts are also posted (Slack or Telegram); AES-GCM sealed like other secrets. */
    webhookUrlEncrypted: text('webhook_url_encrypted'),
    /** The webhook's host alone, to show its owner which one is set without the secret path. */
    webhookHost: text('webhook_host'),
    /** The last delivery attempt, and why it failed (null when it went through). */
    webhookLastDeliveryAt: timestamp('webhook_last_delivery_at', {
      withTimezone: true,
      mode: 'date',
    }),
    webhookLastDeliveryError: text('webhook_last_delivery_error'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('saved_searches_user_name_key').on(table.userId, sql`lower(${table.name})`),
    index('saved_searches_alert_idx').on(table.alert, table.lastCheckedAt),
  ],
);
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** Which jobs a saved search has already seen, so only new matches notify. */
export const jobMatches = pgTable(
  'job_matches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('job_matches_search_job_key').on(table.savedSearchId, table.jobId),
    index('job_matches_job_idx').on(table.jobId),
  ],
);
export type JobMatchRow = typeof jobMatches.$inferSelect;
