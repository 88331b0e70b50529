import { z } from 'zod';

import {
  DEFAULT_REPLY_TARGET_HOURS,
  type ListRoomsQuery,
  type Message,
  type MessageSyncResult,
  type RoomThread,
} from '#contract/messages';

import { decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import type { MessageRoomRow } from '../../db/schema/messages.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { EventBus } from '../../plugins/events.ts';
import { recordActivity } from '../activities/service.ts';
import { isUpworkConnected, sendUpworkRoomStory } from '../upwork/service.ts';
import * as repo from './repo.ts';
import { linkLead, type MessageDeps } from './sync.ts';
import { roomContext } from './thread.ts';
import { publishUnreadIfChanged } from './unread.ts';
import { previewOf, toMessage, toMessageRoom } from './view.ts';

/** The messages area: rooms and threads scoped to their owner, replies, settings, the badge. */

export type { MessageDeps } from './sync.ts';
export { syncMessages, messagePollRound } from './sync-runs.ts';

export type RequestMeta = { userAgent: string | undefined };

/** How many messages a thread shows: the newest ones. */
const THREAD_MESSAGES = 200;

export async function requireRoom(
  db: Database,
  userId: string,
  id: string,
): Promise<MessageRoomRow> {
  const row = await repo.findRoom(db, userId, id);
  if (!row) throw notFound('Conversation');
  return row;
}

const offsetCursor = z.tuple([z.number().int().min(0).max(1_000_000)]);

export async function listRooms(
  db: Database,
  userId: string,
  query: Omit<ListRoomsQuery, 'limit'> & { limit: number },
) {
  const offset = query.cursor ? decodeCursor(query.cursor, offsetCursor)[0] : 0;
  const rows = await repo.listRooms(
    db,
    userId,
    { q: query.q || undefined, unreadOnly: query.unread === 'true' },
    { limit: query.limit + 1, offset },
  );
  const [connected, settings] = await Promise.all([
    isUpworkConnected(db, userId),
    repo.settingsOf(db, userId),
  ]);
  return {
    items: rows.slice(0, query.limit).map(toMessageRoom),
    nextCursor: rows.length > query.limit ? encodeCursor([offset + query.limit]) : null,
    connected,
    lastSyncAt: settings?.lastSyncAt?.toISOString() ?? null,
    replyTargetHours: settings?.replyTargetHours ?? DEFAULT_REPLY_TARGET_HOURS,
  };
}

const VIEW_LOG_INTERVAL_MS = 10 * 60_000;
/** When each (user, room) view was last logged, so a thread refetched live does not flood the log. */
const lastViewLogged = new Map<string, number>();

function shouldLogView(userId: string, roomId: string, now: number): boolean {
  const key = `${userId}:${roomId}`;
  const last = lastViewLogged.get(key);
  if (last !== undefined && now - last < VIEW_LOG_INTERVAL_MS) return false;
  if (lastViewLogged.size > 10_000) {
    for (const [stale, at] of lastViewLogged) {
      if (now - at >= VIEW_LOG_INTERVAL_MS) lastViewLogged.delete(stale);
    }
  }
  lastViewLogged.set(key, now);
  return true;
}

/** A room opened by its owner: its messages and context; opening it marks it read. */
export async function openRoom(
  db: Database,
  events: EventBus,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<RoomThread> {
  const found = await requireRoom(db, userId, id);
  if (found.unread > 0) {
    const before = await repo.unreadTotal(db, userId);
    await repo.updateRoom(db, userId, id, { unread: 0 });
    await publishUnreadIfChanged(db, events, userId, before);
  }
  const { room, context } = await roomContext(db, userId, { ...found, unread: 0 });
  const messages = await repo.latestMessages(db, userId, id, THREAD_MESSAGES);
  if (shouldLogView(userId, id, Date.now())) {
    await recordActivity(db, {
      userId,
      action: 'view_messages',
      details: { roomId: id, room: room.name, client: room.clientName },
      userAgent: meta.userAgent,
    });
  }
  return { room: toMessageRoom(room), messages: messages.map(toMessage), context };
}

/**
 * Sends a reply through Upwork, then keeps it as the room's newest message. Upwork's refusal
 * reaches the caller as its error (the typed text stays in the SPA's composer).
 */
export async function sendRoomMessage(
  deps: MessageDeps,
  user: { id: string; name: string | null },
  roomId: string,
  body: string,
  meta: RequestMeta,
): Promise<Message> {
  const room = await requireRoom(deps.db, user.id, roomId);
  const sent = await sendUpworkRoomStory(deps, user.id, room.externalId, body);
  const before = await repo.unreadTotal(deps.db, user.id);
  const message = await deps.db.transaction(async (tx) => {
    const [row] = await repo.insertNewMessages(tx, [
      {
        userId: user.id,
        roomId: room.id,
        externalId: sent.id,
        authorName: user.name ?? 'You',
        fromClient: false,
        body,
        sentAt: sent.createdAt,
        origin: 'bidwright',
      },
    ]);
    if (!row)
      throw new HttpError(409, 'conflict', 'Upwork answered with a message id already stored.');
    await repo.updateRoom(tx, user.id, room.id, {
      unread: 0,
      lastUserMessageAt: sent.createdAt,
      ...(!room.lastMessageAt || sent.createdAt >= room.lastMessageAt
        ? { lastMessageAt: sent.createdAt, latestPreview: previewOf(body) }
        : {}),
    });
    await recordActivity(tx, {
      userId: user.id,
      action: 'send_message',
      details: { roomId: room.id, room: room.name, characters: body.length },
      userAgent: meta.userAgent,
    });
    return row;
  });
  await publishUnreadIfChanged(deps.db, deps.events, user.id, before);
  return toMessage(message);
}

export async function unreadCount(db: Database, userId: string): Promise<{ count: number }> {
  return { count: await repo.unreadTotal(db, userId) };
}

export async function messageSettings(db: Database, userId: string) {
  const row = await repo.settingsOf(db, userId);
  return { replyTargetHours: row?.replyTargetHours ?? DEFAULT_REPLY_TARGET_HOURS };
}

export async function updateMessageSettings(
  db: Database,
  userId: string,
  body: { replyTargetHours: number },
) {
  const row = await repo.saveSettings(db, userId, { replyTargetHours: body.replyTargetHours });
  return { replyTargetHours: row.replyTargetHours };
}

/** "Create lead": the room's lead now, created or linked to the client's existing one. */
export async function createRoomLead(
  db: Database,
  userId: string,
  roomId: string,
): Promise<{ leadId: string; created: boolean }> {
  const room = await requireRoom(db, userId, roomId);
  return db.transaction(async (tx) => {
    const linked = await linkLead(tx, userId, room);
    await repo.updateRoom(tx, userId, room.id, { leadId: linked.leadId });
    return linked;
  });
}

export type { MessageSyncResult };
