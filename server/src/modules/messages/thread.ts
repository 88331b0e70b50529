import type { RoomContext } from '#contract/messages';

import type { Database } from '../../db/client.ts';
import type { MessageRoomRow } from '../../db/schema/messages.ts';
import { leadLinksOf, leadSummaryFor } from '../leads/service.ts';
import { requireQuoteRow } from '../quotes/service.ts';
import { responseSummaries } from '../responses/service.ts';
import * as repo from './repo.ts';

/**
 * What a thread shows beside its messages: the lead, and the response and quote sent to this
 * client. A room without its own response or quote takes the ones its lead links to.
 */

type Linked = { leadId: string | null; responseId: string | null; quoteId: string | null };

async function linkedIds(db: Database, userId: string, room: MessageRoomRow): Promise<Linked> {
  const lead = room.leadId ? await leadSummaryFor(db, userId, room.leadId) : null;
  if (!lead) return { leadId: null, responseId: room.responseId, quoteId: room.quoteId };
  const links = await leadLinksOf(db, userId, lead.id);
  const first = (kind: 'response' | 'quote') =>
    links.find((link) => link.kind === kind)?.targetId ?? null;
  return {
    leadId: lead.id,
    responseId: room.responseId ?? first('response'),
    quoteId: first('quote') ?? room.quoteId,
  };
}

async function quoteOf(db: Database, userId: string, id: string | null) {
  if (!id) return null;
  try {
    const row = await requireQuoteRow(db, userId, id);
    return { id: row.id, title: row.title, status: row.status };
  } catch {
    // A quote deleted since it was linked is no longer shown.
    return null;
  }
}

/** The context of a room; the room row is brought up to date with the ids it found. */
export async function roomContext(
  db: Database,
  userId: string,
  room: MessageRoomRow,
): Promise<{ context: RoomContext; room: MessageRoomRow }> {
  const ids = await linkedIds(db, userId, room);
  const [lead, summaries, quote] = await Promise.all([
    ids.leadId ? leadSummaryFor(db, userId, ids.leadId) : null,
    ids.responseId
      ? responseSummaries(db, userId, [ids.responseId])
      : Promise.resolve(new Map<string, never>()),
    quoteOf(db, userId, ids.quoteId),
  ]);
  const summary = ids.responseId ? summaries.get(ids.responseId) : undefined;
  const current = {
    leadId: lead?.id ?? null,
    responseId: summary?.id ?? null,
    quoteId: quote?.id ?? null,
  };
  let row = room;
  if (
    current.leadId !== room.leadId ||
    current.responseId !== room.responseId ||
    current.quoteId !== room.quoteId
  ) {
    row = (await repo.updateRoom(db, userId, room.id, current)) ?? room;
  }
  return {
    room: row,
    context: {
      lead: lead ? { id: lead.id, contactName: lead.contactName, stage: lead.stage } : null,
      response: summary
        ? { id: summary.id, jobTitle: summary.jobTitle, status: summary.status }
        : null,
      quote,
    },
  };
}
