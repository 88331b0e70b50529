import type { MessageSyncResult } from '#contract/messages';

import type { Database } from '../../db/client.ts';
import type { MessageRoomRow, MessageRow } from '../../db/schema/messages.ts';
import { HttpError } from '../../http-error.ts';
import type { UpworkRoom, UpworkStory } from '../../integrations/upwork/crm-types.ts';
import type { EventBus } from '../../plugins/events.ts';
import { addLeadMessageEvent, upsertLeadFromReply } from '../leads/service.ts';
import {
  markRepliedByClient,
  responseSummaries,
  sentUpworkResponses,
} from '../responses/service.ts';
import {
  connectedUpworkUserId,
  findUpworkVendorProposal,
  listUpworkRoomStories,
  listUpworkRooms,
  type UpworkDeps,
} from '../upwork/service.ts';
import * as repo from './repo.ts';
import { publishUnreadIfChanged } from './unread.ts';
import { previewOf } from './view.ts';

/*
 * The incremental sync of a user's Upwork rooms: sent proposals are tied to their Upwork
 * proposal, rooms are upserted by external id, and only stories newer than the newest stored
 * message are asked for, so a second run with nothing new inserts nothing. A client's message
 * creates (or updates) the lead and marks the proposal's response replied.
 */

export type MessageDeps = UpworkDeps & { events: EventBus };

/** Sent responses younger than this are tied to their Upwork proposal. */
const PROPOSAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Upwork proposals looked up per sync at most, so a large backlog never floods Upwork. */
const PROPOSAL_LOOKUPS_PER_SYNC = 20;
/** How long before a proposal Upwork did not have is looked for again. */
const PROPOSAL_RETRY_MS = 15 * 60 * 1000;
/** Rooms are asked for from a little before the last sync, so a story on the edge is not missed. */
const ACTIVE_SINCE_OVERLAP_MS = 10 * 60 * 1000;
/** New client messages added to a lead's timeline per room and sync at most. */
const LEAD_EVENTS_PER_ROOM = 3;

export const notConnected = () =>
  new HttpError(
    409,
    'upwork_not_connected',
    'Upwork is not connected. Connect it in Settings → Account to see your messages here.',
  );

const nowOf = (deps: UpworkDeps) => (deps.now ? deps.now() : new Date());

/** Finds the Upwork proposal of each recently sent response that has none stored yet. */
async function linkSentProposals(deps: MessageDeps, userId: string, now: Date): Promise<void> {
  const sent = await sentUpworkResponses(
    deps.db,
    userId,
    new Date(now.getTime() - PROPOSAL_WINDOW_MS),
  );
  const links = await repo.proposalLinksOf(
    deps.db,
    userId,
    sent.map((response) => response.id),
  );
  // A proposal Upwork did not have is asked for again only after a while, not on every poll.
  const missing = sent.filter((response) => {
    if (!response.jobExternalId) return false;
    const link = links.get(response.id);
    if (!link) return true;
    return (
      !link.proposalExternalId && now.getTime() - link.updatedAt.getTime() >= PROPOSAL_RETRY_MS
    );
  });
  for (const response of missing.slice(0, PROPOSAL_LOOKUPS_PER_SYNC)) {
    const jobExternalId = response.jobExternalId ?? '';
    const proposal = await findUpworkVendorProposal(deps, userId, jobExternalId);
    await repo.saveProposalLink(deps.db, userId, {
      responseId: response.id,
      jobExternalId,
      proposalExternalId: proposal?.id ?? null,
    });
  }
}

type RoomOutcome = { newMessages: number; leadCreated: boolean };

/** The stories of a room not stored yet; none when its latest story is already here. */
async function newStories(
  deps: MessageDeps,
  userId: string,
  room: UpworkRoom,
  stored: MessageRoomRow | undefined,
): Promise<UpworkStory[]> {
  if (
    stored &&
    room.latestStory &&
    (await repo.hasMessage(deps.db, stored.id, room.latestStory.id))
  )
    return [];
  const since = stored?.lastMessageAt ?? undefined;
  return listUpworkRoomStories(deps, userId, room.id, since ? { since } : {});
}

const latest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

/** Writes one room and its new messages, then ties it to its response and lead. */
async function saveRoom(
  tx: Database,
  userId: string,
  input: {
    room: UpworkRoom;
    stored: MessageRoomRow | undefined;
    stories: UpworkStory[];
    upworkUserId: string;
    responseId: string | null;
  },
): Promise<RoomOutcome> {
  const { room, stored, stories, upworkUserId } = input;
  const details = {
    name: room.roomName,
    roomType: room.roomType,
    clientName: room.clientName ?? stored?.clientName ?? '',
    clientExternalId: room.clientUserId ?? stored?.clientExternalId ?? null,
    objectReferenceId: room.objectReferenceId,
    contractExternalId: room.contractId,
    fetchedAt: new Date(),
  };
  // A room seen for the first time starts from Upwork's unread count; later ones count here.
  const row =
    stored ??
    (await repo.insertRoom(tx, {
      userId,
      externalId: room.id,
      ...details,
      unread: room.numUnread,
    }));
  const hadClientMessage = row.lastClientMessageAt !== null;
  const inserted = await repo.insertNewMessages(
    tx,
    stories.map((story) => ({
      userId,
      roomId: row.id,
      externalId: story.id,
      authorExternalId: story.userId,
      authorName: story.userName,
      fromClient: story.userId !== upworkUserId,
      body: story.message,
      sentAt: story.createdAt,
      origin: 'upwork' as const,
    })),
  );
  const fromClient = inserted.filter((message) => message.fromClient);
  const newest = inserted.reduce<MessageRow | null>(
    (best, message) => (!best || message.sentAt > best.sentAt ? message : best),
    null,
  );
  const lastClientMessageAt = latest(row.lastClientMessageAt, newestAt(fromClient));
  const lastUserMessageAt = latest(
    row.lastUserMessageAt,
    newestAt(inserted.filter((message) => !message.fromClient)),
  );
  const isNewer = newest && (!row.lastMessageAt || newest.sentAt >= row.lastMessageAt);
  let unread = stored ? row.unread + fromClient.length : row.unread;
  // The user answered (on Upwork) after the client's last message: nothing is waiting.
  if (lastUserMessageAt && (!lastClientMessageAt || lastUserMessageAt > lastClientMessageAt))
    unread = 0;
  let leadId = row.leadId;
  let leadCreated = false;
  const responseId = input.responseId ?? row.responseId;
  if (!leadId && lastClientMessageAt) {
    const linked = await linkLead(tx, userId, { ...row, ...details, responseId });
    leadId = linked.leadId;
    leadCreated = linked.created;
  } else if (leadId && stored && fromClient.length > 0) {
    for (const message of fromClient.slice(-LEAD_EVENTS_PER_ROOM))
      await addLeadMessageEvent(tx, userId, leadId, message.body);
  }
  if (responseId && fromClient.length > 0 && !hadClientMessage)
    await markRepliedByClient(tx, userId, responseId);
  await repo.updateRoom(tx, userId, row.id, {
    ...details,
    unread,
    responseId,
    leadId,
    lastClientMessageAt,
    lastUserMessageAt,
    ...(isNewer && newest
      ? { lastMessageAt: newest.sentAt, latestPreview: previewOf(newest.body) }
      : {}),
  });
  return { newMessages: inserted.length, leadCreated };
}

function newestAt(rows: MessageRow[]): Date | null {
  return rows.reduce<Date | null>((best, row) => latest(best, row.sentAt), null);
}

/**
 * Creates the room's lead or links it to the one already there (the response's, or the client's
 * by Upwork id), with the response's job and bid.
 */
export async function linkLead(
  db: Database,
  userId: string,
  room: Pick<MessageRoomRow, 'id' | 'name' | 'clientName' | 'clientExternalId' | 'responseId'>,
): Promise<{ leadId: string; created: boolean }> {
  const summary = room.responseId
    ? (await responseSummaries(db, userId, [room.responseId])).get(room.responseId)
    : undefined;
  const { lead, created } = await upsertLeadFromReply(db, userId, {
    contactName: room.clientName || summary?.clientName || room.name || 'Upwork client',
    upworkClientId: room.clientExternalId,
    job: summary ? { id: summary.jobId, title: summary.jobTitle } : null,
    response: summary
      ? {
          id: summary.id,
          title: summary.jobTitle,
          valueMinor: summary.bidMinor,
          currency: summary.currency,
        }
      : null,
    room: { id: room.id, title: room.name || room.clientName },
  });
  return { leadId: lead.id, created };
}

/** One sync of one user's rooms. Throws the Upwork error after keeping it as lastError. */
export async function runMessageSync(
  deps: MessageDeps,
  userId: string,
): Promise<MessageSyncResult> {
  const upworkUserId = await connectedUpworkUserId(deps.db, userId);
  if (!upworkUserId) throw notConnected();
  const startedAt = nowOf(deps);
  const settings = await repo.settingsOf(deps.db, userId);
  const before = await repo.unreadTotal(deps.db, userId);
  let newMessages = 0;
  let leadsCreated = 0;
  let roomCount = 0;
  try {
    await linkSentProposals(deps, userId, startedAt);
    const activeSince = settings?.activeSince
      ? new Date(settings.activeSince.getTime() - ACTIVE_SINCE_OVERLAP_MS)
      : undefined;
    const rooms = await listUpworkRooms(deps, userId, activeSince ? { activeSince } : {});
    roomCount = rooms.length;
    const stored = await repo.roomsByExternalId(
      deps.db,
      userId,
      rooms.map((room) => room.id),
    );
    const proposals = await repo.responsesByProposal(
      deps.db,
      userId,
      rooms.flatMap((room) => (room.objectReferenceId ? [room.objectReferenceId] : [])),
    );
    for (const room of rooms) {
      const existing = stored.get(room.id);
      const stories = await newStories(deps, userId, room, existing);
      const responseId = room.objectReferenceId
        ? (proposals.get(room.objectReferenceId) ?? null)
        : null;
      const unchanged =
        existing &&
        stories.length === 0 &&
        existing.name === room.roomName &&
        (responseId === null || responseId === existing.responseId);
      if (unchanged) continue;
      const outcome = await deps.db.transaction((tx) =>
        saveRoom(tx, userId, { room, stored: existing, stories, upworkUserId, responseId }),
      );
      newMessages += outcome.newMessages;
      if (outcome.leadCreated) leadsCreated += 1;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Upwork could not be reached.';
    await repo.saveSettings(deps.db, userId, { lastError: message.slice(0, 500) });
    await publishUnreadIfChanged(deps.db, deps.events, userId, before);
    throw error;
  }
  await repo.saveSettings(deps.db, userId, {
    activeSince: startedAt,
    lastSyncAt: nowOf(deps),
    lastError: null,
  });
  const unread = await publishUnreadIfChanged(deps.db, deps.events, userId, before);
  return { rooms: roomCount, newMessages, leadsCreated, unread };
}
