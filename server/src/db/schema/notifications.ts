import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Alerts a user reads from the bell (a saved search found new jobs, for instance). Unread while
 * read_at is null; a scheduled purge drops rows older than the retention period.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    index('notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('notifications_created_idx').on(table.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
