import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
  jsonb,
} from 'drizzle-orm/pg-core';

import type { QuoteTemplateContent } from '#contract/quote-templates';
import type { TemplateKind } from '#contract/templates';

import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/** Response and quote templates: variables, one default per kind, usage. */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TemplateKind>().notNull().default('response'),
    name: text('name').notNull(),
    body: text('body').notNull(),
    /** A quote template's sections and default line items (null for response templates). */
    quoteContent: jsonb('quote_content').$type<QuoteTemplateContent>(),
    /** The `{{variables}}` the body uses, kept in step with the body by the service. */
    variables: text('variables')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    index('templates_user_kind_idx').on(table.userId, table.kind, table.updatedAt.desc()),
    // At most one default per user and kind.
    uniqueIndex('templates_default_per_kind_key')
      .on(table.userId, table.kind)
      .where(sql`${table.isDefault}`),
  ],
);
export type TemplateRow = typeof templates.$inferSelect;
