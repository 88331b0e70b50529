import type { Lead } from '#contract/leads';

import type { Database } from '../../db/client.ts';
import { recordActivity } from '../activities/service.ts';
import { linkLead } from './lead-access.ts';
import * as repo from './repo.ts';
import { toLead } from './views.ts';

/**
 * A client's reply (a response marked replied, or a first client message in a room) creates the
 * lead, or updates the one already there, so nobody types the same client twice.
 */

export type LeadFromReplyInput = {
  contactName: string;
  company?: string;
  upworkClientId?: string | null;
  job?: { id: string | null; title: string } | null;
  response?: { id: string; title: string; valueMinor?: number | null; currency?: string } | null;
  room?: { id: string; title: string } | null;
  note?: string;
};

/** The longest text a timeline entry keeps of a message or note written elsewhere. */
const EVENT_BODY_MAX = 1000;

function clip(text: string): string {
  return text.length > EVENT_BODY_MAX ? `${text.slice(0, EVENT_BODY_MAX - 1)}…` : text;
}

/** The lead already linked to the response or room, else the one with the same Upwork client. */
async function existingLead(
  db: Database,
  userId: string,
  input: LeadFromReplyInput,
): Promise<repo.StoredLead | undefined> {
  if (input.response) {
    const found = await repo.leadLinkedTo(db, userId, 'response', input.response.id);
    if (found) return found;
  }
  if (input.room) {
    const found = await repo.leadLinkedTo(db, userId, 'room', input.room.id);
    if (found) return found;
  }
  if (input.upworkClientId) return repo.leadWithUpworkClient(db, userId, input.upworkClientId);
  return undefined;
}

/** What an existing lead lacks that the reply knows: job, room, value, Upwork client id. */
function missingFields(lead: repo.StoredLead, input: LeadFromReplyInput) {
  const values: Parameters<typeof repo.updateLeadRow>[3] = {};
  if (!lead.jobId && input.job?.id) {
    values.jobId = input.job.id;
    values.jobTitle = input.job.title;
  }
  if (!lead.roomId && input.room) values.roomId = input.room.id;
  if (!lead.upworkClientId && input.upworkClientId) values.upworkClientId = input.upworkClientId;
  if (lead.valueMinor === 0 && input.response?.valueMinor) {
    values.valueMinor = input.response.valueMinor;
    if (input.response.currency) values.currency = input.response.currency;
  }
  return values;
}

async function addLinks(db: Database, userId: string, leadId: string, input: LeadFromReplyInput) {
  let added = false;
  if (input.job?.id) {
    added =
      (await linkLead(db, userId, leadId, {
        kind: 'job',
        targetId: input.job.id,
        title: input.job.title,
      })) || added;
  }
  if (input.response) {
    added =
      (await linkLead(db, userId, leadId, {
        kind: 'response',
        targetId: input.response.id,
        title: input.response.title,
      })) || added;
  }
  if (input.room) {
    added =
      (await linkLead(db, userId, leadId, {
        kind: 'room',
        targetId: input.room.id,
        title: input.room.title,
      })) || added;
  }
  return added;
}

/**
 * Finds the lead already linked to the response or room, else one with the same Upwork client id,
 * else creates it (source Upwork, stage New); then adds the links it lacks and a timeline entry.
 * Asked twice with the same reply, it changes nothing the second time.
 */
export async function upsertLeadFromReply(
  db: Database,
  userId: string,
  input: LeadFromReplyInput,
): Promise<{ lead: Lead; created: boolean }> {
  return db.transaction(async (tx) => {
    const found = await existingLead(tx, userId, input);
    if (!found) {
      const [row] = await repo.insertLeadRows(
        tx,
        userId,
        [
          {
            contactName: input.contactName.trim().slice(0, 120) || 'Upwork client',
            company: input.company?.trim().slice(0, 120) ?? '',
            upworkClientId: input.upworkClientId ?? null,
            source: 'upwork',
            stage: 'new',
            valueMinor: input.response?.valueMinor ?? 0,
            currency: input.response?.currency ?? 'USD',
            jobId: input.job?.id ?? null,
            jobTitle: input.job?.title ?? input.response?.title ?? '',
            roomId: input.room?.id ?? null,
          },
        ],
        clip(input.note ?? 'Created from a client reply'),
      );
      await addLinks(tx, userId, row!.id, input);
      await recordActivity(tx, {
        userId,
        action: 'create_lead',
        details: { leadId: row!.id, contactName: row!.contactName, from: 'reply' },
        jobId: row!.jobId,
      });
      return { lead: toLead(row!), created: true };
    }
    const values = missingFields(found, input);
    const linked = await addLinks(tx, userId, found.id, input);
    if (input.note)
      await repo.addEvent(tx, userId, found.id, { kind: 'message', body: clip(input.note) });
    if (!linked && !input.note && Object.keys(values).length === 0) {
      return { lead: toLead(found), created: false };
    }
    const row = await repo.updateLeadRow(tx, userId, found.id, values);
    await recordActivity(tx, {
      userId,
      action: 'update_lead',
      details: { leadId: found.id, from: 'reply' },
      jobId: row.jobId,
    });
    return { lead: toLead(row), created: false };
  });
}

/** A client message in the lead's timeline; a lead that is gone or in the bin is left alone. */
export async function addLeadMessageEvent(
  db: Database,
  userId: string,
  leadId: string,
  body: string,
): Promise<void> {
  const lead = await repo.findLead(db, userId, leadId);
  if (!lead) return;
  await repo.addEvent(db, userId, leadId, { kind: 'message', body: clip(body) });
  await repo.updateLeadRow(db, userId, leadId, {});
}
