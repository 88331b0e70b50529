import { z } from 'zod';

import { cursorSchema, searchTextSchema } from './pagination.ts';
import { checkResultSchema } from './responses.ts';

/**
 * The messages API (/api/messages, every signed-in user): the user's Upwork rooms and their
 * messages, synced incrementally, replies sent through Upwork, and AI reply drafts. The sum of the
 * rooms' unread counts drives the sidebar's Messages badge, kept live by the `messages_unread`
 * server event.
 */

export const MESSAGE_BODY_MAX = 5000;
/** The reply-time target a user starts with, in hours. */
export const DEFAULT_REPLY_TARGET_HOURS = 24;

export const messageRoomSchema = z.object({
  id: z.uuid(),
  externalId: z.string(),
  name: z.string(),
  /** The client's name as the room shows it (the first other participant). */
  clientName: z.string(),
  unread: z.number().int(),
  latestPreview: z.string(),
  lastMessageAt: z.iso.datetime().nullable(),
  /** When the client last wrote; null when they never did. */
  lastClientMessageAt: z.iso.datetime().nullable(),
  /** The client wrote last and the user has not answered: how long they have waited is shown. */
  awaitingReply: z.boolean(),
  leadId: z.uuid().nullable(),
  responseId: z.uuid().nullable(),
  quoteId: z.uuid().nullable(),
});
export type MessageRoom = z.infer<typeof messageRoomSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  authorName: z.string(),
  /** true: the client wrote it; false: the user (from Upwork or from Bidwright). */
  fromClient: z.boolean(),
  body: z.string(),
  sentAt: z.iso.datetime(),
  /** Sent from Bidwright (through the Upwork API) or read from Upwork. */
  origin: z.enum(['upwork', 'bidwright']),
});
export type Message = z.infer<typeof messageSchema>;

export const listRoomsQuerySchema = z.strictObject({
  q: searchTextSchema().optional(),
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorSchema.optional(),
});
export type ListRoomsQuery = z.input<typeof listRoomsQuerySchema>;

export const roomListSchema = z.object({
  items: z.array(messageRoomSchema),
  nextCursor: z.string().nullable(),
  /** Whether Upwork is connected (the empty state says how to connect it when not). */
  connected: z.boolean(),
  lastSyncAt: z.iso.datetime().nullable(),
  replyTargetHours: z.number().int(),
});

/** What the thread's side panel shows: the lead, and the response and quote sent to this client. */
export const roomContextSchema = z.object({
  lead: z.object({ id: z.uuid(), contactName: z.string(), stage: z.string() }).nullable(),
  response: z.object({ id: z.uuid(), jobTitle: z.string(), status: z.string() }).nullable(),
  quote: z.object({ id: z.uuid(), title: z.string(), status: z.string() }).nullable(),
});
export type RoomContext = z.infer<typeof roomContextSchema>;

export const roomThreadSchema = z.object({
  room: messageRoomSchema,
  /** Oldest first. */
  messages: z.array(messageSchema),
  context: roomContextSchema,
});
export type RoomThread = z.infer<typeof roomThreadSchema>;

export const sendMessageBodySchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, { message: 'Write the message first' })
    .max(MESSAGE_BODY_MAX, { message: `A message must be at most ${MESSAGE_BODY_MAX} characters` }),
});

export const unreadCountSchema = z.object({ count: z.number().int() });

export const messageSyncResultSchema = z.object({
  rooms: z.number().int(),
  newMessages: z.number().int(),
  leadsCreated: z.number().int(),
  unread: z.number().int(),
});
export type MessageSyncResult = z.infer<typeof messageSyncResultSchema>;

export const messageSettingsSchema = z.object({
  replyTargetHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 14),
});
export const updateMessageSettingsBodySchema = messageSettingsSchema.strict();

/** The events of POST /api/messages/rooms/:id/draft (server-sent, like response generation). */
export const replyDraftEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    text: z.string(),
    offline: z.boolean(),
    /** The same trap and claim checks a response gets. */
    checks: z.array(checkResultSchema),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ReplyDraftEvent = z.infer<typeof replyDraftEventSchema>;

export const roomIdParamsSchema = z.strictObject({ id: z.uuid() });

/** POST /api/messages/rooms/:id/lead: the room's lead, and whether it was created just now. */
export const roomLeadResultSchema = z.object({ leadId: z.uuid(), created: z.boolean() });
export type RoomLeadResult = z.infer<typeof roomLeadResultSchema>;
