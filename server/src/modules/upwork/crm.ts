import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import {
  fetchRoomStories,
  fetchRooms,
  fetchTransactionHistory,
  fetchVendorContracts,
  fetchVendorProposals,
  postRoomStory,
} from '../../integrations/upwork/crm-queries.ts';
import type {
  UpworkContract,
  UpworkRoom,
  UpworkStory,
  UpworkTransactionRow,
  UpworkVendorProposal,
} from '../../integrations/upwork/crm-types.ts';
import {
  mapContract,
  mapProposal,
  mapRoom,
  mapStory,
  mapTransactionRow,
  upworkDay,
  upworkTime,
} from '../../integrations/upwork/map-crm.ts';
import { connectionRow } from './connection.ts';
import { nowOf, type UpworkDeps } from './deps.ts';
import { clientFor } from './session.ts';
import { toUpworkHttpError } from './upwork-http-error.ts';

/**
 * What the messages, leads and transactions areas may ask of Upwork: the freelancer's rooms and
 * messages, sending a message, whether they sent a proposal on a job, their contracts and their
 * transaction history. Each answers our shapes (minor units, Dates) and fails as an API error:
 * 409 when Upwork is not connected or needs connecting again, 429 when Upwork rate limits,
 * 502 when Upwork fails.
 */

/** Upwork's longest message is far shorter; this only stops a runaway body. */
const MAX_MESSAGE_LENGTH = 20_000;

/** The connected freelancer's Upwork user id; null when Upwork is not connected. */
export async function connectedUpworkUserId(db: Database, userId: string): Promise<string | null> {
  const row = await connectionRow(db, userId);
  return row?.status === 'connected' ? (row.upworkUserId ?? null) : null;
}

/** Runs one Upwork call and turns any failure into the API error the caller sees. */
async function upworkCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toUpworkHttpError(error);
  }
}

/** Every room of the user (all pages); with `activeSince`, only rooms active since then. */
export async function listUpworkRooms(
  deps: UpworkDeps,
  userId: string,
  opts: { activeSince?: Date } = {},
): Promise<UpworkRoom[]> {
  const client = await clientFor(deps, userId);
  const self = (await connectionRow(deps.db, userId))?.upworkUserId ?? null;
  const nodes = await upworkCall(() => fetchRooms(client, opts.activeSince));
  const seen = new Set<string>();
  const rooms: UpworkRoom[] = [];
  for (const node of nodes) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    rooms.push(mapRoom(node, self));
  }
  return rooms;
}

/** A room's messages, oldest first; with `since`, only those created at or after it. */
export async function listUpworkRoomStories(
  deps: UpworkDeps,
  userId: string,
  roomExternalId: string,
  opts: { since?: Date } = {},
): Promise<UpworkStory[]> {
  const client = await clientFor(deps, userId);
  const nodes = await upworkCall(() => fetchRoomStories(client, roomExternalId, opts.since));
  const byId = new Map<string, UpworkStory>();
  for (const node of nodes) {
    const story = mapStory(node);
    if (!story) continue;
    // Upwork's range filter is a hint: a story older than asked is dropped here too.
    if (opts.since && story.createdAt.getTime() < opts.since.getTime()) continue;
    byId.set(story.id, story);
  }
  return [...byId.values()].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}

/** Sends a message into a room as the freelancer; answers the message's Upwork id and time. */
export async function sendUpworkRoomStory(
  deps: UpworkDeps,
  userId: string,
  roomExternalId: string,
  message: string,
): Promise<{ id: string; createdAt: Date }> {
  if (message.trim() === '')
    throw new HttpError(400, 'validation_failed', 'Write a message before sending it.');
  if (message.length > MAX_MESSAGE_LENGTH)
    throw new HttpError(
      400,
      'validation_failed',
      `A message can have at most ${MAX_MESSAGE_LENGTH} characters.`,
    );
  const client = await clientFor(deps, userId);
  const story = await upworkCall(() => postRoomStory(client, roomExternalId, message));
  return { id: story.id, createdAt: upworkTime(story.createdDateTime) ?? nowOf(deps) };
}

/** The freelancer's proposal on this Upwork job (the newest when several); null when none. */
export async function findUpworkVendorProposal(
  deps: UpworkDeps,
  userId: string,
  jobExternalId: string,
): Promise<UpworkVendorProposal | null> {
  const client = await clientFor(deps, userId);
  const nodes = await upworkCall(() => fetchVendorProposals(client, [jobExternalId]));
  const proposals = nodes
    .map(mapProposal)
    .filter(
      (proposal): proposal is UpworkVendorProposal =>
        proposal !== null && proposal.jobPostingId === jobExternalId,
    );
  proposals.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return proposals[0] ?? null;
}

/** Every contract of the connected freelancer, with its type and amount or rate. */
export async function listUpworkContracts(
  deps: UpworkDeps,
  userId: string,
): Promise<UpworkContract[]> {
  const client = await clientFor(deps, userId);
  const vendorId = await connectedUpworkUserId(deps.db, userId);
  if (!vendorId)
    throw new HttpError(
      409,
      'upwork_needs_reauth',
      'Connect Upwork again so Bidwright knows your Upwork account, then sync again.',
    );
  const nodes = await upworkCall(() => fetchVendorContracts(client, vendorId));
  const byId = new Map<string, UpworkContract>();
  for (const node of nodes) byId.set(node.id, mapContract(node));
  return [...byId.values()];
}

/** Transaction rows between two days (yyyy-mm-dd, both included), one per Upwork record id. */
export async function fetchUpworkTransactions(
  deps: UpworkDeps,
  userId: string,
  range: { from: string; to: string },
): Promise<UpworkTransactionRow[]> {
  const from = upworkDay(range.from);
  const to = upworkDay(range.to);
  if (!from || !to || from !== range.from || to !== range.to)
    throw new HttpError(400, 'validation_failed', 'Dates must be written as yyyy-mm-dd.');
  if (from > to)
    throw new HttpError(400, 'validation_failed', 'The first day must not be after the last.');
  const client = await clientFor(deps, userId);
  const rows = await upworkCall(() => fetchTransactionHistory(client, { from, to }));
  const byRecord = new Map<string, UpworkTransactionRow>();
  for (const raw of rows) {
    const row = mapTransactionRow(raw);
    if (row && row.date >= from && row.date <= to) byRecord.set(row.recordId, row);
  }
  return [...byRecord.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.recordId.localeCompare(b.recordId),
  );
}
