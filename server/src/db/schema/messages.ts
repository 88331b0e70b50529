import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { id, timestamps } from './columns.ts';
import { leads } from './leads.ts';
import { users } from './users.ts';

/**
 * Upwork rooms (conversations) and their messages (Upwork calls them stories), upserted by
 * external id so an incremental sync never duplicates. The unread count is Upwork's, zeroed when
 * the user opens the room here.
 */
export const messageRooms = pgTable(
  'message_rooms',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull().default(''),
    roomType: text('room_type').notNull().default('ONE_ON_ONE'),
    clientName: text('client_name').notNull().default(''),
    clientExternalId: text('client_external_id'),
    /** The Upwork object the room is about: a vendor proposal id for proposal rooms. */
    objectReferenceId: text('object_reference_id'),
    contractExternalId: text('contract_external_id'),
    unread: integer('unread').notNull().default(0),
    latestPreview: text('latest_preview').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    lastClientMessageAt: timestamp('last_client_message_at', { withTimezone: true, mode: 'date' }),
    lastUserMessageAt: timestamp('last_user_message_at', { withTimezone: true, mode: 'date' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    responseId: uuid('response_id'),
    quoteId: uuid('quote_id'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('message_rooms_user_external_key').on(table.userId, table.externalId),
    index('message_rooms_user_last_idx').on(table.userId, table.lastMessageAt.desc()),
  ],
);
export type MessageRoomRow = typeof messageRooms.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => messageRooms.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    authorExternalId: text('author_external_id'),
    authorName: text('author_name').notNull().default(''),
    fromClient: boolean('from_client').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    origin: text('origin').$type<'upwork' | 'bidwright'>().notNull().default('upwork'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('messages_room_external_key').on(table.roomId, table.externalId),
    index('messages_room_sent_idx').on(table.roomId, table.sentAt),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/**
 * A sent response on an Upwork job, and the vendor proposal Upwork holds for it: how a proposal
 * room (whose object reference is the proposal id) is tied back to the response and its job.
 */
export const upworkProposalLinks = pgTable(
  'upwork_proposal_links',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').notNull(),
    jobExternalId: text('job_external_id').notNull(),
    proposalExternalId: text('proposal_external_id'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('upwork_proposal_links_user_response_key').on(table.userId, table.responseId),
    index('upwork_proposal_links_user_proposal_idx').on(table.userId, table.proposalExternalId),
  ],
);

/** Per user: the reply-time target and the incremental sync's cursor. */
export const messageSettings = pgTable('message_settings', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  replyTargetHours: integer('reply_target_hours').notNull().default(24),
  /** Upwork's `activeSince_eq` for the next sync. */
  activeSince: timestamp('active_since', { withTimezone: true, mode: 'date' }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  ...timestamps(),
});
