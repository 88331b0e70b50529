import { z } from 'zod';

import { cursorSchema } from './pagination.ts';

/**
 * Stored alerts: what the bell in the top bar lists and counts. They are kept for
 * NOTIFICATION_RETENTION_DAYS, then purged.
 */
export const NOTIFICATION_RETENTION_DAYS = 30;

/** Why an alert was sent. */
export const NOTIFICATION_KINDS = [
  'saved_search_match',
  // the client answered a shared quote
  'quote_accepted',
  'quote_declined',
  // leads and messages
  'lead_action_due',
  'client_message',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const storedNotificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** An in-app path, such as the saved search that found new jobs. */
  link: z.string().nullable(),
  readAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StoredNotification = z.infer<typeof storedNotificationSchema>;

export const listNotificationsQuerySchema = z.strictObject({
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: cursorSchema.optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

/** A page of alerts, newest first, with the number still unread (for the bell's badge). */
export const notificationsPageSchema = z.object({
  items: z.array(storedNotificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().min(0),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const notificationIdParamsSchema = z.object({ id: z.uuid() });

export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
