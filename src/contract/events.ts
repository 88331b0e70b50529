import { z } from 'zod';

/**
 * The events of GET /api/events (server-sent events, one stream per signed-in tab). The server
 * publishes with `app.events.publish(userId, event)`, typed by `PublishedServerEvent`; the stream
 * itself adds `ready` when it opens and `closed` when the server ends it. The SPA parses every
 * event with `serverEventSchema` and drops what does not match.
 */

/** A message for the notifications panel. A missing body or time is filled in, never rejected. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().catch(''),
  href: z.string().optional().catch(undefined),
  createdAt: z.string().catch(() => new Date().toISOString()),
});
export type NotificationEventData = z.output<typeof notificationSchema>;

/** Why the server ended a stream: the client reconnects, or waits until its tab is used again. */
export const STREAM_END_REASONS = ['replaced', 'account_closed', 'server_closing'] as const;

export const readyEventSchema = z.object({ type: z.literal('ready'), data: z.unknown() });
export const notificationEventSchema = z.object({
  type: z.literal('notification'),
  data: notificationSchema,
});
/** The Messages badge: the sum of the user's rooms' unread counts, sent whenever it changes. */
export const messagesUnreadEventSchema = z.object({
  type: z.literal('messages_unread'),
  data: z.object({ count: z.number().int().min(0) }),
});
export const closedEventSchema = z.object({
  type: z.literal('closed'),
  data: z.object({ reason: z.enum(STREAM_END_REASONS) }),
});

export const serverEventSchema = z.discriminatedUnion('type', [
  readyEventSchema,
  notificationEventSchema,
  messagesUnreadEventSchema,
  closedEventSchema,
]);
export type ServerEvent = z.output<typeof serverEventSchema>;

/** What server code may publish to a user's streams (`ready` and `closed` belong to the stream). */
export type PublishedServerEvent =
  z.input<typeof notificationEventSchema> | z.input<typeof messagesUnreadEventSchema>;
