import type { Message, MessageRoom } from '#contract/messages';

import type { MessageRoomRow, MessageRow } from '../../db/schema/messages.ts';

/** Rows as the API answers them. */

/** The client wrote last and the user has not answered since. */
export function isAwaitingReply(row: MessageRoomRow): boolean {
  if (!row.lastClientMessageAt) return false;
  return !row.lastUserMessageAt || row.lastClientMessageAt > row.lastUserMessageAt;
}

export function toMessageRoom(row: MessageRoomRow): MessageRoom {
  return {
    id: row.id,
    externalId: row.externalId,
    name: row.name,
    clientName: row.clientName,
    unread: row.unread,
    latestPreview: row.latestPreview,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastClientMessageAt: row.lastClientMessageAt?.toISOString() ?? null,
    awaitingReply: isAwaitingReply(row),
    leadId: row.leadId,
    responseId: row.responseId,
    quoteId: row.quoteId,
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    roomId: row.roomId,
    authorName: row.authorName,
    fromClient: row.fromClient,
    body: row.body,
    sentAt: row.sentAt.toISOString(),
    origin: row.origin,
  };
}

/** The first line of a message, short enough for the room list. */
export function previewOf(body: string): string {
  const line = body.trim().split('\n')[0] ?? '';
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
