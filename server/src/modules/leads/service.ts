import {
  STAGE_PROBABILITY,
  type AddLeadLinkBody,
  type Lead,
  type LeadDetail,
  type LeadEvent,
  type LeadLink,
  type LeadStage,
  type UpdateLeadBody,
  type convertLeadBodySchema,
  type createLeadBodySchema,
  type moveLeadBodySchema,
  type updateLeadBodySchema,
} from '#contract/leads';
import type { z } from 'zod';

import type { Database } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { recordActivity } from '../activities/service.ts';
import { requireJob } from '../jobs/service.ts';
import { positionForMove, topOfColumn } from './board.ts';
import { clientOfLead, contractsOfLead } from './clients.ts';
import { convertWonLead } from './convert.ts';
import { linkLead, requireLead } from './lead-access.ts';
import { isFiltered, isSearch, type LeadFilter } from './list.ts';
import * as repo from './repo.ts';
import { toClient, toClientContract, toLead, toLeadEvent, toLeadLink } from './views.ts';

/**
 * Leads: create, edit, move on the board, notes, links, the bin. Every write and its timeline
 * event and activity entry happen in one transaction.
 */

export type LeadMeta = { userAgent?: string | undefined };

/**
 * The title of one of the user's responses or quotes, or null when it is not theirs: the lookups
 * of the responses and quotes areas, passed in by the module list (leads imports neither).
 */
export type LinkTitleLookup = (
  db: Database,
  userId: string,
  responseId: string,
) => Promise<string | null>;

/** Answers 404 'Lead not found' unless the lead is the user's and not in the bin. */
export async function requireLeadId(db: Database, userId: string, id: string): Promise<void> {
  await requireLead(db, userId, id);
}

export async function leadSummaryFor(
  db: Database,
  userId: string,
  leadId: string,
): Promise<{ id: string; contactName: string; stage: LeadStage } | null> {
  const row = await repo.findLead(db, userId, leadId);
  return row ? { id: row.id, contactName: row.contactName, stage: row.stage } : null;
}

export async function leadLinksOf(
  db: Database,
  userId: string,
  leadId: string,
): Promise<LeadLink[]> {
  return (await repo.listLinks(db, userId, leadId)).map(toLeadLink);
}

export async function getLeadDetail(db: Database, userId: string, id: string): Promise<LeadDetail> {
  const row = await requireLead(db, userId, id);
  const [links, events, client, contracts] = await Promise.all([
    repo.listLinks(db, userId, id),
    repo.listEvents(db, userId, id),
    clientOfLead(db, userId, row),
    contractsOfLead(db, userId, row),
  ]);
  return {
    lead: toLead(row),
    links: links.map(toLeadLink),
    events: events.map(toLeadEvent),
    client: client ? toClient(client) : null,
    contracts: contracts.map(toClientContract),
  };
}

/** One lead as the user opens it: read, then logged as viewed. */
export async function viewLead(
  db: Database,
  userId: string,
  id: string,
  meta: LeadMeta,
): Promise<LeadDetail> {
  const detail = await getLeadDetail(db, userId, id);
  await recordActivity(db, {
    userId,
    action: 'view_lead',
    details: { leadId: id, contactName: detail.lead.contactName },
    userAgent: meta.userAgent,
  });
  return detail;
}

export async function createLead(
  db: Database,
  userId: string,
  body: z.output<typeof createLeadBodySchema>,
  meta: LeadMeta,
): Promise<Lead> {
  const job = body.jobId ? await requireJob(db, userId, body.jobId) : null;
  return db.transaction(async (tx) => {
    const [row] = await repo.insertLeadRows(tx, userId, [
      {
        ...body,
        nextActionDue: body.nextActionDue ? new Date(body.nextActionDue) : null,
        jobId: job?.id ?? null,
        jobTitle: job?.title ?? '',
      },
    ]);
    if (job)
      await repo.addLink(tx, userId, row!.id, { kind: 'job', targetId: job.id, title: job.title });
    await recordActivity(tx, {
      userId,
      action: 'create_lead',
      details: { leadId: row!.id, contactName: row!.contactName, stage: row!.stage },
      jobId: job?.id ?? null,
      userAgent: meta.userAgent,
    });
    return toLead(row!);
  });
}

const FIELD_LABELS: Record<keyof UpdateLeadBody, string> = {
  contactName: 'contact name',
  company: 'company',
  email: 'email',
  upworkClientId: 'Upwork client id',
  source: 'source',
  stage: 'stage',
  valueMinor: 'value',
  currency: 'currency',
  probability: 'probability',
  nextAction: 'next action',
  nextActionDue: 'next action due',
  tags: 'tags',
};

/** Which of the sent fields differ from the lead as stored. */
function changedFields(
  current: repo.StoredLead,
  body: z.output<typeof updateLeadBodySchema>,
): Array<keyof UpdateLeadBody> {
  const changed: Array<keyof UpdateLeadBody> = [];
  for (const key of Object.keys(body) as Array<keyof UpdateLeadBody>) {
    const sent = body[key];
    if (sent === undefined) continue;
    const stored =
      key === 'nextActionDue' ? (current.nextActionDue?.toISOString() ?? null) : current[key];
    const sentValue =
      key === 'nextActionDue' && typeof sent === 'string' ? new Date(sent).toISOString() : sent;
    if (JSON.stringify(stored) !== JSON.stringify(sentValue)) changed.push(key);
  }
  return changed;
}

/**
 * Edits a lead. A stage change is recorded as a stage event (from, to), puts the lead at the top
 * of its new column and, unless the user sent a probability, sets the stage's probability.
 */
export async function updateLead(
  db: Database,
  userId: string,
  id: string,
  body: z.output<typeof updateLeadBodySchema>,
  meta: LeadMeta,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    const current = await requireLead(tx, userId, id);
    const changed = changedFields(current, body);
    if (changed.length === 0) return toLead(current);
    const stageChanged = changed.includes('stage') && body.stage !== undefined;
    const { nextActionDue, ...rest } = body;
    const values: Parameters<typeof repo.updateLeadRow>[3] = { ...rest };
    if (nextActionDue !== undefined) {
      values.nextActionDue = nextActionDue ? new Date(nextActionDue) : null;
      // A new due time is reported again when it comes.
      values.nextActionNotifiedAt = null;
    }
    if (stageChanged) {
      values.stageChangedAt = new Date();
      values.position = await topOfColumn(tx, userId, body.stage!, id);
      if (body.probability === undefined) values.probability = STAGE_PROBABILITY[body.stage!];
    }
    const row = await repo.updateLeadRow(tx, userId, id, values);
    if (stageChanged) await stageEvent(tx, userId, id, current.stage, body.stage!);
    const others = changed.filter((key) => key !== 'stage');
    if (others.length > 0) {
      await repo.addEvent(tx, userId, id, {
        kind: 'updated',
        body: `Changed ${others.map((key) => FIELD_LABELS[key]).join(', ')}`,
      });
    }
    await recordActivity(tx, {
      userId,
      action: 'update_lead',
      details: { leadId: id, fields: changed, ...(stageChanged ? { stage: body.stage } : {}) },
      jobId: row.jobId,
      userAgent: meta.userAgent,
    });
    return toLead(row);
  });
}

function stageEvent(db: Database, userId: string, leadId: string, from: LeadStage, to: LeadStage) {
  return repo.addEvent(db, userId, leadId, { kind: 'stage', fromStage: from, toStage: to });
}

/** A board move: the new stage and the place before `beforeId` (null: the end of the column). */
export async function moveLead(
  db: Database,
  userId: string,
  id: string,
  body: z.output<typeof moveLeadBodySchema>,
  meta: LeadMeta,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    const current = await requireLead(tx, userId, id);
    if (body.beforeId === id) return toLead(current);
    const position = await positionForMove(tx, userId, id, body.stage, body.beforeId);
    const stageChanged = current.stage !== body.stage;
    const row = await repo.updateLeadRow(tx, userId, id, {
      position,
      ...(stageChanged
        ? {
            stage: body.stage,
            stageChangedAt: new Date(),
            probability: STAGE_PROBABILITY[body.stage],
          }
        : {}),
    });
    if (stageChanged) await stageEvent(tx, userId, id, current.stage, body.stage);
    await recordActivity(tx, {
      userId,
      action: 'update_lead',
      details: { leadId: id, moved: true, stage: body.stage },
      jobId: row.jobId,
      userAgent: meta.userAgent,
    });
    return toLead(row);
  });
}

export async function addLeadNote(
  db: Database,
  userId: string,
  id: string,
  body: string,
  meta: LeadMeta,
): Promise<LeadEvent> {
  return db.transaction(async (tx) => {
    const lead = await requireLead(tx, userId, id);
    const event = await repo.addEvent(tx, userId, id, { kind: 'note', body });
    await repo.updateLeadRow(tx, userId, id, {});
    await recordActivity(tx, {
      userId,
      action: 'update_lead',
      details: { leadId: id, note: true },
      jobId: lead.jobId,
      userAgent: meta.userAgent,
    });
    return toLeadEvent(event);
  });
}

/** A quote or response of the user's, linked by hand (ownership checked; another user's is 404). */
export async function addLeadLink(
  db: Database,
  userId: string,
  id: string,
  body: AddLeadLinkBody,
  titles: Record<AddLeadLinkBody['kind'], LinkTitleLookup>,
  meta: LeadMeta,
): Promise<LeadLink[]> {
  const lead = await requireLead(db, userId, id);
  const title = await titles[body.kind](db, userId, body.targetId);
  if (title === null) throw notFound(body.kind === 'quote' ? 'Quote' : 'Response');
  await db.transaction(async (tx) => {
    if (await linkLead(tx, userId, id, { kind: body.kind, targetId: body.targetId, title })) {
      await repo.updateLeadRow(tx, userId, id, {});
      await recordActivity(tx, {
        userId,
        action: 'update_lead',
        details: { leadId: id, linked: body.kind, targetId: body.targetId },
        jobId: lead.jobId,
        userAgent: meta.userAgent,
      });
    }
  });
  return leadLinksOf(db, userId, id);
}

/** Moves a lead to the bin (undone by restoreLead within 30 days). */
export async function deleteLead(
  db: Database,
  userId: string,
  id: string,
  meta: LeadMeta,
): Promise<Lead> {
  return db.transaction(async (tx) => {
    const lead = await requireLead(tx, userId, id);
    const row = await repo.updateLeadRow(tx, userId, id, { deletedAt: new Date() });
    await recordActivity(tx, {
      userId,
      action: 'delete_lead',
      details: { leadId: id, contactName: lead.contactName },
      jobId: lead.jobId,
      userAgent: meta.userAgent,
    });
    return toLead(row);
  });
}

export async function restoreLead(db: Database, userId: string, id: string): Promise<Lead> {
  const row = await repo.findLead(db, userId, id, true);
  if (!row) throw notFound('Lead');
  if (!row.deletedAt) return toLead(row);
  return toLead(await repo.updateLeadRow(db, userId, id, { deletedAt: null }));
}

/** Won -> a client with its contract; answers the lead as it is now. */
export async function convertLead(
  db: Database,
  userId: string,
  id: string,
  body: z.output<typeof convertLeadBodySchema>,
  meta: LeadMeta,
): Promise<LeadDetail> {
  await convertWonLead(db, userId, id, body, meta);
  return getLeadDetail(db, userId, id);
}

const UNDO_WINDOW_MS = 30 * 86_400_000;

/** Empties the bin of leads deleted more than 30 days ago. */
export function purgeExpiredLeads(db: Database, now = new Date()): Promise<number> {
  return repo.purgeDeletedLeads(db, new Date(now.getTime() - UNDO_WINDOW_MS));
}

export async function leadTags(db: Database, userId: string): Promise<{ tags: string[] }> {
  return { tags: await repo.distinctTags(db, userId) };
}

export { linkLead, requireLead } from './lead-access.ts';
export { listLeads, leadBoard, isFiltered, isSearch } from './list.ts';
export { insertLeadRows, findDuplicateLeads, leadDuplicateKey } from './repo.ts';
export type { LeadInsert, StoredLead } from './repo.ts';
export { upsertLeadFromReply, addLeadMessageEvent } from './reply.ts';
export type { LeadFromReplyInput } from './reply.ts';
export {
  contractAttributions,
  contractByUpworkId,
  contractsOfUser,
  requireContract,
} from './clients.ts';
export type { ContractAttribution } from './clients.ts';
export { upworkContractOptions } from './convert.ts';

/**
 * The table or the board as asked: a first page asked with words is logged as a search, one asked
 * with filters as a filter (once per request; loading more pages logs nothing).
 */
export async function logListQuery(
  db: Database,
  userId: string,
  query: LeadFilter & { cursor?: string | undefined },
  view: 'table' | 'board',
  meta: LeadMeta,
): Promise<void> {
  if (query.cursor) return;
  if (isSearch(query)) {
    await recordActivity(db, {
      userId,
      action: 'search_lead',
      details: { q: query.q, view },
      userAgent: meta.userAgent,
    });
  } else if (isFiltered(query)) {
    await recordActivity(db, {
      userId,
      action: 'filter_lead',
      details: { stage: query.stage, source: query.source, tag: query.tag, due: query.due, view },
      userAgent: meta.userAgent,
    });
  }
}
