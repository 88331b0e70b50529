import {
  NOTIFICATION_RETENTION_DAYS,
  type NotificationKind,
  type NotificationsPage,
  type StoredNotification,
} from '#contract/notifications';

import { decodeKeyset, toPage } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/notifications.ts';
import { notFound } from '../../http-error.ts';
import type { EventBus } from '../../plugins/events.ts';
import * as repo from './repo.ts';

/** Stored alerts: written by other areas through `notifyUser`, read and marked from the bell. */

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  link?: string | null;
};

const TITLE_MAX = 200;
const BODY_MAX = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function toStoredNotification(row: NotificationRow): StoredNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores an alert and pushes it to the user's open tabs at once. The stored row is the record:
 * a tab that was closed reads it from the list later.
 */
export async function notifyUser(
  db: Database,
  events: EventBus,
  input: NewNotification,
  now = new Date(),
): Promise<StoredNotification> {
  const row = await repo.insertNotification(db, {
    userId: input.userId,
    kind: input.kind,
    title: input.title.slice(0, TITLE_MAX),
    body: (input.body ?? '').slice(0, BODY_MAX),
    link: input.link ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const stored = toStoredNotification(row);
  events.publish(input.userId, {
    type: 'notification',
    data: {
      id: stored.id,
      title: stored.title,
      body: stored.body,
      ...(stored.link ? { href: stored.link } : {}),
      createdAt: stored.createdAt,
    },
  });
  return stored;
}

export async function listNotifications(
  db: Database,
  userId: string,
  query: { unread?: 'true' | 'false' | undefined; limit: number; cursor?: string | undefined },
): Promise<NotificationsPage> {
  const rows = await repo.listNotificationRows(db, {
    userId,
    unreadOnly: query.unread === 'true',
    after: query.cursor ? decodeKeyset(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = toPage(rows, query.limit);
  return {
    items: page.items.map(toStoredNotification),
    nextCursor: page.nextCursor,
    unreadCount: await repo.countUnread(db, userId),
  };
}

export async function markNotificationRead(
  db: Database,
  userId: string,
  id: string,
  now = new Date(),
): Promise<StoredNotification> {
  const row = await repo.markRead(db, userId, id, now);
  if (!row) throw notFound('Notification');
  return toStoredNotification(row);
}

export async function markAllNotificationsRead(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ unreadCount: number }> {
  await repo.markAllRead(db, userId, now);
  return { unreadCount: 0 };
}

/** Drops every alert older than the retention period; answers how many went. */
export async function purgeOldNotifications(db: Database, now = new Date()): Promise<number> {
  return repo.deleteCreatedBefore(
    db,
    new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS),
  );
}
