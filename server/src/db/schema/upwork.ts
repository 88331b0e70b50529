import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { UpworkConnectionStatus, UpworkOrganization } from '#contract/upwork';

import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * One Upwork connection per user. Tokens are AES-256-GCM ciphertexts (key from config, never in
 * the database); they never leave the server.
 */
export const upworkConnections = pgTable(
  'upwork_connections',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<Exclude<UpworkConnectionStatus, 'not_connected'>>().notNull(),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true, mode: 'date' }),
    upworkUserId: text('upwork_user_id'),
    upworkUserName: text('upwork_user_name'),
    organizationId: text('organization_id'),
    organizations: jsonb('organizations').$type<UpworkOrganization[]>().notNull().default([]),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('upwork_connections_user_key').on(table.userId)],
);
export type UpworkConnectionRow = typeof upworkConnections.$inferSelect;

/** Pending OAuth authorizations: the state is single-use, bound to its user, and expires. */
export const upworkOauthStates = pgTable(
  'upwork_oauth_states',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the state sent to Upwork (the state itself is not stored). */
    stateHash: text('state_hash').notNull(),
    /** PKCE verifier, encrypted like the tokens. */
    codeVerifierEnc: text('code_verifier_enc').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('upwork_oauth_states_hash_key').on(table.stateHash),
    index('upwork_oauth_states_user_idx').on(table.userId),
  ],
);
