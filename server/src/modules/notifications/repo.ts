import { and, count, eq, isNull, lt, type SQL } from 'drizzle-orm';

import { newestFirst, olderThan, type Keyset } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import {
  notifications,
  type NewNotificationRow,
  type NotificationRow,
} from '../../db/schema/notifications.ts';

export async function insertNotification(
  db: Database,
  values: NewNotificationRow,
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}

export type NotificationFilter = {
  userId: string;
  unreadOnly: boolean;
  after?: Keyset | undefined;
  limit: number;
};

export async function listNotificationRows(
  db: Database,
  filter: NotificationFilter,
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, filter.userId)];
  if (filter.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (filter.after) {
    conditions.push(olderThan(notifications.createdAt, notifications.id, filter.after));
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(...newestFirst(notifications.createdAt, notifications.id))
    .limit(filter.limit);
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's alerts read; answers nothing when it is not theirs. */
export async function markRead(
  db: Database,
  userId: string,
  id: string,
  at: Date,
): Promise<NotificationRow | undefined> {
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!existing || existing.readAt) return existing;
  const [row] = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: Database, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteCreatedBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, before))
    .returning({ id: notifications.id });
  return rows.length;
}
