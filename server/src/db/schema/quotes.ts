import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { QuoteDocument, QuoteRequirement, QuoteStatus } from '#contract/quotes';

import { id, timestamps } from './columns.ts';
import { jobs } from './jobs.ts';
import { responses } from './responses.ts';
import { templates } from './templates.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Quotes for RFPs. The document (sections, line items, milestones, discount, tax) is one JSON value
 * validated by the contract's zod schema: it is edited, versioned and exported as a whole, and no
 * line is ever read on its own. The amounts lists and analytics need (subtotal, total) are
 * computed by code on every save and kept as columns. Status changes are events with their time.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    clientName: text('client_name').notNull().default(''),
    status: text('status').$type<QuoteStatus>().notNull().default('draft'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    currency: text('currency').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    document: jsonb('document').$type<QuoteDocument>().notNull(),
    requirements: jsonb('requirements').$type<QuoteRequirement[]>().notNull().default([]),
    rfpText: text('rfp_text').notNull().default(''),
    rfpFileName: text('rfp_file_name'),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    /** Bumped by every save; a save from an older version is refused (two tabs, one quote). */
    version: integer('version').notNull().default(1),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'set null' }),
    /** The lead this quote belongs to (leads link back to it). */
    leadId: uuid('lead_id'),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    offline: boolean('offline').notNull().default(true),
    model: text('model'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("title", '') || ' ' || coalesce("client_name", '')), 'A') || setweight(to_tsvector('english', coalesce("document"->>'summary', '')), 'B')`,
    ),
    ...timestamps(),
  },
  (table) => [
    index('quotes_user_updated_idx').on(table.userId, table.updatedAt.desc(), table.id.desc()),
    index('quotes_user_status_idx').on(table.userId, table.status),
    // Quote analytics reads a user's quotes by the time they were created.
    index('quotes_user_created_idx').on(table.userId, table.createdAt),
    index('quotes_template_idx').on(table.templateId),
    index('quotes_job_idx').on(table.jobId),
    index('quotes_search_idx').using('gin', table.search),
  ],
);
export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuoteRow = typeof quotes.$inferInsert;

/** Every status change with its time (analytics reads these). */
export const quoteStatusEvents = pgTable(
  'quote_status_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<QuoteStatus>(),
    toStatus: text('to_status').$type<QuoteStatus>().notNull(),
    ...timestamps(),
  },
  (table) => [index('quote_status_events_quote_idx').on(table.quoteId, table.createdAt)],
);
export type QuoteStatusEventRow = typeof quoteStatusEvents.$inferSelect;

/** Document history: one row per save (generated, edited, restored); restore copies one back. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    source: text('source').$type<'generated' | 'edited' | 'restored'>().notNull(),
    document: jsonb('document').$type<QuoteDocument>().notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('quote_versions_quote_number_key').on(table.quoteId, table.number)],
);
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;

/**
 * Share links. Only the SHA-256 of a token is looked up; the token itself is kept encrypted so the
 * owner can copy the link again. At most one live (not revoked) link per quote.
 */
export const quoteShares = pgTable(
  'quote_shares',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    /** Last instant the link opens; null for no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('quote_shares_token_hash_key').on(table.tokenHash),
    index('quote_shares_quote_idx').on(table.quoteId),
  ],
);
export type QuoteShareRow = typeof quoteShares.$inferSelect;

/** Each opening of the share page: when, for how long, on what kind of device. */
export const quoteViews = pgTable(
  'quote_views',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id')
      .notNull()
      .references(() => quoteShares.id, { onDelete: 'cascade' }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    device: text('device').notNull().default(''),
    ...timestamps(),
  },
  (table) => [index('quote_views_quote_idx').on(table.quoteId, table.createdAt.desc())],
);
export type QuoteViewRow = typeof quoteViews.$inferSelect;

/**
 * The client's answer on the share page: an acceptance (typed name, time, IP, the total accepted
 * and the document as it stood) or a decline with its reason. One per quote.
 */
export const quoteSignatures = pgTable(
  'quote_signatures',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'accepted' | 'declined'>().notNull(),
    name: text('name').notNull().default(''),
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull().default(''),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    document: jsonb('document').$type<QuoteDocument>().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('quote_signatures_quote_key').on(table.quoteId)],
);
export type QuoteSignatureRow = typeof quoteSignatures.$inferSelect;
