import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { id } from './columns.ts';
import { users } from './users.ts';

/** Append-only log of every action a user takes (names: src/contract/activity.ts). */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    jobId: text('job_id'),
    searchName: text('search_name'),
    templateName: text('template_name'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('activities_user_action_idx').on(table.userId, table.action),
  ],
);
export type ActivityRow = typeof activities.$inferSelect;
