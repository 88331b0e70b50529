import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import type { ResponseLength, Tone } from '#contract/profile';

import { timestamps } from './columns.ts';
import { users } from './users.ts';

/** One profile per user: what the agents write from and what scoring compares against. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  title: text('title').notNull().default(''),
  overview: text('overview').notNull().default(''),
  skills: text('skills')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  hourlyRateMinor: integer('hourly_rate_minor'),
  rateFloorMinor: integer('rate_floor_minor'),
  currency: text('currency').notNull().default('USD'),
  timezone: text('timezone').notNull().default('UTC'),
  signature: text('signature').notNull().default(''),
  writingSamples: text('writing_samples')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  defaultTone: text('default_tone').$type<Tone>().notNull().default('professional'),
  defaultLength: text('default_length').$type<ResponseLength>().notNull().default('medium'),
  notifyOnSavedSearchMatches: boolean('notify_on_saved_search_matches').notNull().default(true),
  notifyOnMessages: boolean('notify_on_messages').notNull().default(true),
  ...timestamps(),
});
export type ProfileRow = typeof profiles.$inferSelect;
