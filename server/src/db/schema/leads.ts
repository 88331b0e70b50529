import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type {
  ContractType,
  LeadEventKind,
  LeadLinkKind,
  LeadSource,
  LeadStage,
} from '#contract/leads';

import { id, timestamps } from './columns.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Leads: one opportunity each, from the client's first reply to a won contract. Stage changes,
 * notes and links are kept as events (lead_events) because analytics reads the history; the row
 * holds the current state. Deleting from the list is soft (undo), purged after 30 days.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    upworkClientId: text('upwork_client_id'),
    source: text('source').$type<LeadSource>().notNull().default('other'),
    stage: text('stage').$type<LeadStage>().notNull().default('new'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Order inside its board column (smaller first); a move takes the midpoint of its neighbours. */
    position: doublePrecision('position').notNull().default(0),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    probability: smallint('probability').notNull().default(10),
    nextAction: text('next_action').notNull().default(''),
    nextActionDue: timestamp('next_action_due', { withTimezone: true, mode: 'date' }),
    /** Set when the due next action reached the notifications, so it is sent once per due time. */
    nextActionNotifiedAt: timestamp('next_action_notified_at', {
      withTimezone: true,
      mode: 'date',
    }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    jobTitle: text('job_title').notNull().default(''),
    /** The message room (messages area) this lead's client writes in. */
    roomId: uuid('room_id'),
    clientId: uuid('client_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce("contact_name", '') || ' ' || coalesce("company", '')), 'A') || setweight(to_tsvector('simple', coalesce("email", '') || ' ' || coalesce("job_title", '') || ' ' || coalesce("next_action", '')), 'B')`,
    ),
    ...timestamps(),
  },
  (table) => [
    index('leads_user_stage_idx').on(table.userId, table.stage, table.position),
    index('leads_user_updated_idx').on(table.userId, table.updatedAt.desc(), table.id.desc()),
    index('leads_user_due_idx').on(table.userId, table.nextActionDue),
    index('leads_user_email_idx').on(table.userId, table.email),
    index('leads_user_upwork_client_idx').on(table.userId, table.upworkClientId),
    index('leads_room_idx').on(table.roomId),
    index('leads_search_idx').using('gin', table.search),
  ],
);
export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

/** The timeline: stage changes (from, to), notes, links and messages, each with its time. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LeadEventKind>().notNull(),
    fromStage: text('from_stage').$type<LeadStage>(),
    toStage: text('to_stage').$type<LeadStage>(),
    body: text('body').notNull().default(''),
    linkKind: text('link_kind').$type<LeadLinkKind>(),
    linkTargetId: uuid('link_target_id'),
    ...timestamps(),
  },
  (table) => [
    index('lead_events_lead_idx').on(table.leadId, table.createdAt.desc()),
    index('lead_events_user_stage_idx').on(table.userId, table.kind, table.createdAt),
  ],
);
export type LeadEventRow = typeof leadEvents.$inferSelect;

/** What a lead links to (job, responses, quotes, room), with the target's title as it was. */
export const leadLinks = pgTable(
  'lead_links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LeadLinkKind>().notNull(),
    targetId: uuid('target_id').notNull(),
    title: text('title').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('lead_links_lead_target_key').on(table.leadId, table.kind, table.targetId),
    index('lead_links_user_target_idx').on(table.userId, table.kind, table.targetId),
  ],
);
export type LeadLinkRow = typeof leadLinks.$inferSelect;

/** A won lead becomes a client; a client has contracts. */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    upworkClientId: text('upwork_client_id'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('clients_user_idx').on(table.userId, table.name),
    index('clients_lead_idx').on(table.leadId),
  ],
);
export type ClientRow = typeof clients.$inferSelect;

/** A contract with a client: fixed (amount) or hourly (rate), optionally the Upwork contract it is. */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    type: text('type').$type<ContractType>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    upworkContractId: text('upwork_contract_id'),
    ...timestamps(),
  },
  (table) => [
    index('contracts_user_client_idx').on(table.userId, table.clientId),
    index('contracts_lead_idx').on(table.leadId),
    uniqueIndex('contracts_user_upwork_key')
      .on(table.userId, table.upworkContractId)
      .where(sql`"upwork_contract_id" is not null`),
  ],
);
export type ContractRow = typeof contracts.$inferSelect;
