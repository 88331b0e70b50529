import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';

import { containsPattern } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import {
  messageRooms,
  messageSettings,
  messages,
  upworkProposalLinks,
  type MessageRoomRow,
  type MessageRow,
} from '../../db/schema/messages.ts';

/** Drizzle access to the messages area's tables; every query is scoped to its owner. */

export type SettingsRow = typeof messageSettings.$inferSelect;
export type RoomInsert = typeof messageRooms.$inferInsert;
export type MessageInsert = typeof messages.$inferInsert;
export type RoomPatch = Partial<Omit<RoomInsert, 'id' | 'userId' | 'createdAt'>>;

export async function settingsOf(db: Database, userId: string): Promise<SettingsRow | undefined> {
  const rows = await db
    .select()
    .from(messageSettings)
    .where(eq(messageSettings.userId, userId))
    .limit(1);
  return rows[0];
}

export async function saveSettings(
  db: Database,
  userId: string,
  patch: Partial<
    Pick<SettingsRow, 'replyTargetHours' | 'activeSince' | 'lastSyncAt' | 'lastError'>
  >,
): Promise<SettingsRow> {
  const now = new Date();
  const [row] = await db
    .insert(messageSettings)
    .values({ userId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: messageSettings.userId, set: { ...patch, updatedAt: now } })
    .returning();
  if (!row) throw new Error('message settings upsert returned nothing');
  return row;
}

export async function findRoom(
  db: Database,
  userId: string,
  id: string,
): Promise<MessageRoomRow | undefined> {
  const rows = await db
    .select()
    .from(messageRooms)
    .where(and(eq(messageRooms.id, id), eq(messageRooms.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function roomsByExternalId(
  db: Database,
  userId: string,
  externalIds: string[],
): Promise<Map<string, MessageRoomRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(messageRooms)
    .where(and(eq(messageRooms.userId, userId), inArray(messageRooms.externalId, externalIds)));
  return new Map(rows.map((row) => [row.externalId, row]));
}

export async function insertRoom(db: Database, values: RoomInsert): Promise<MessageRoomRow> {
  const [row] = await db
    .insert(messageRooms)
    .values(values)
    .onConflictDoUpdate({
      target: [messageRooms.userId, messageRooms.externalId],
      set: { updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('room insert returned nothing');
  return row;
}

export async function updateRoom(
  db: Database,
  userId: string,
  id: string,
  patch: RoomPatch,
): Promise<MessageRoomRow | undefined> {
  const [row] = await db
    .update(messageRooms)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(messageRooms.id, id), eq(messageRooms.userId, userId)))
    .returning();
  return row;
}

/** Inserts the messages a room does not hold yet (by external id); answers the inserted ones. */
export async function insertNewMessages(
  db: Database,
  rows: MessageInsert[],
): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: [messages.roomId, messages.externalId] })
    .returning();
}

export async function hasMessage(db: Database, roomId: string, externalId: string) {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.roomId, roomId), eq(messages.externalId, externalId)))
    .limit(1);
  return rows.length > 0;
}

/** The newest messages of a room, answered oldest first. */
export async function latestMessages(
  db: Database,
  userId: string,
  roomId: string,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.roomId, roomId), eq(messages.userId, userId)))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export type RoomFilter = { q?: string | undefined; unreadOnly: boolean };

/** Newest activity first (rooms without messages last), a page by offset. */
export async function listRooms(
  db: Database,
  userId: string,
  filter: RoomFilter,
  page: { limit: number; offset: number },
): Promise<MessageRoomRow[]> {
  const conditions = [eq(messageRooms.userId, userId)];
  if (filter.unreadOnly) conditions.push(gt(messageRooms.unread, 0));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const matches = or(
      ilike(messageRooms.name, pattern),
      ilike(messageRooms.clientName, pattern),
      ilike(messageRooms.latestPreview, pattern),
    );
    if (matches) conditions.push(matches);
  }
  return db
    .select()
    .from(messageRooms)
    .where(and(...conditions))
    .orderBy(sql`${messageRooms.lastMessageAt} desc nulls last`, asc(messageRooms.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function unreadTotal(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${messageRooms.unread}), 0)::int` })
    .from(messageRooms)
    .where(eq(messageRooms.userId, userId));
  return Number(row?.total ?? 0);
}

export type ProposalLinkRow = typeof upworkProposalLinks.$inferSelect;

export async function proposalLinksOf(
  db: Database,
  userId: string,
  responseIds: string[],
): Promise<Map<string, ProposalLinkRow>> {
  if (responseIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(upworkProposalLinks)
    .where(
      and(
        eq(upworkProposalLinks.userId, userId),
        inArray(upworkProposalLinks.responseId, responseIds),
      ),
    );
  return new Map(rows.map((row) => [row.responseId, row]));
}

export async function saveProposalLink(
  db: Database,
  userId: string,
  link: { responseId: string; jobExternalId: string; proposalExternalId: string | null },
): Promise<void> {
  await db
    .insert(upworkProposalLinks)
    .values({ userId, ...link })
    .onConflictDoUpdate({
      target: [upworkProposalLinks.userId, upworkProposalLinks.responseId],
      set: {
        jobExternalId: link.jobExternalId,
        proposalExternalId: link.proposalExternalId,
        updatedAt: new Date(),
      },
    });
}

/** Proposal id -> response id, for the proposal rooms of a sync. */
export async function responsesByProposal(
  db: Database,
  userId: string,
  proposalIds: string[],
): Promise<Map<string, string>> {
  if (proposalIds.length === 0) return new Map();
  const rows = await db
    .select({
      proposalExternalId: upworkProposalLinks.proposalExternalId,
      responseId: upworkProposalLinks.responseId,
    })
    .from(upworkProposalLinks)
    .where(
      and(
        eq(upworkProposalLinks.userId, userId),
        isNotNull(upworkProposalLinks.proposalExternalId),
        inArray(upworkProposalLinks.proposalExternalId, proposalIds),
      ),
    );
  return new Map(rows.map((row) => [row.proposalExternalId ?? '', row.responseId]));
}
