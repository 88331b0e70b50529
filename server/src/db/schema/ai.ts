import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

import type { AiProvider } from '#contract/ai';

import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * The deployment's AI provider, chosen by an admin (one row, `scope = 'global'`). Overrides the
 * AI_* config when present. The key is AES-256-GCM encrypted (crypto.ts) and never leaves the
 * server. Not owned by one user: `updated_by` records the admin who last changed it.
 */
export const aiSettings = pgTable('ai_settings', {
  id: id(),
  scope: text('scope').notNull().unique().default('global'),
  provider: text('provider').$type<AiProvider>().notNull(),
  model: text('model'),
  baseUrl: text('base_url'),
  apiKeyEncrypted: text('api_key_encrypted'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
});
export type AiSettingsRow = typeof aiSettings.$inferSelect;
