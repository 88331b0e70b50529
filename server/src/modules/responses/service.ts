import {
  type CreateResponseBody,
  type ListResponsesParams,
  type Response,
  type ResponseHistory,
  type ResponseList,
  type ResponseStatus,
  type UpdateResponseBody,
} from '#contract/responses';
import {
  notSendableMessage,
  recheckText,
  sendBlockers,
  SENT_STATUSES,
} from '#contract/response-checks';
import { z } from 'zod';

import { decodeCursor, encodeCursor } from '../../cursor.ts';
import { agentJobFromRow, agentJobFromSnapshot, snapshotOf } from '../../ai/job-view.ts';
import type { AgentJob } from '../../ai/types.ts';
import type { Database } from '../../db/client.ts';
import type { JobRow } from '../jobs/service.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activities/service.ts';
import { markJobActedOn, requireJob } from '../jobs/service.ts';
import { getTemplateRow, templateNamesById } from '../templates/service.ts';
import { openLeadFromReply } from './crm-links.ts';
import * as repo from './repo.ts';

/** What a request tells the activity log besides the user: the browser it came from. */
export type RequestMeta = { userAgent: string | undefined };

/** A stored response with the name of its template, as the API shows it. */
export type ResponseRecord = repo.StoredResponse & { templateName: string | null };

/** Adds each response's template name, read through the templates service. */
export async function withTemplateNames(
  db: Database,
  userId: string,
  rows: repo.StoredResponse[],
): Promise<ResponseRecord[]> {
  const ids = new Set(rows.flatMap((row) => (row.templateId ? [row.templateId] : [])));
  const names = await templateNamesById(db, userId, [...ids]);
  return rows.map((row) => ({
    ...row,
    templateName: row.templateId ? (names.get(row.templateId) ?? null) : null,
  }));
}

export function toResponse(
  row: ResponseRecord,
  citations: Array<{ portfolioItemId: string; title: string }> = [],
): Response {
  return {
    id: row.id,
    jobId: row.jobId,
    job: row.job,
    templateId: row.templateId,
    templateName: row.templateName,
    generationId: row.generationId,
    variant: row.variant,
    status: row.status,
    statusChangedAt: row.statusChangedAt.toISOString(),
    generation: row.generation,
    generationError: row.generationError,
    text: row.text,
    tone: row.tone,
    length: row.length,
    bidMinor: row.bidMinor,
    currency: row.currency,
    connects: row.connects,
    fitScoreAtSend: row.fitScoreAtSend,
    offline: row.offline,
    model: row.model,
    promptVersion: row.promptVersion,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    costMicros: row.costMicros,
    latencyMs: row.latencyMs,
    checks: row.checks,
    citations,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function requireResponse(
  db: Database,
  userId: string,
  id: string,
): Promise<ResponseRecord> {
  const row = await repo.findResponse(db, userId, id);
  if (!row) throw new HttpError(404, 'not_found', 'Response not found');
  const [named] = await withTemplateNames(db, userId, [row]);
  return named!;
}

export async function getResponse(db: Database, userId: string, id: string): Promise<Response> {
  const row = await requireResponse(db, userId, id);
  const citations = await repo.citationsFor(db, [id]);
  return toResponse(row, citations.get(id));
}

/** One response as opened by the user: read, then logged as viewed. */
export async function viewResponse(
  db: Database,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<Response> {
  const response = await getResponse(db, userId, id);
  await recordActivity(db, {
    userId,
    action: 'view_response',
    details: { responseId: response.id },
    jobId: response.jobId,
    userAgent: meta.userAgent,
  });
  return response;
}

/** A page cursor of the response list: how many rows came before the next page. */
const offsetCursor = z.tuple([z.number().int().min(0).max(1_000_000)]);

function decodeOffset(cursor: string | undefined): number {
  return cursor ? decodeCursor(cursor, offsetCursor)[0] : 0;
}

export async function listResponses(
  db: Database,
  userId: string,
  query: ListResponsesParams,
): Promise<ResponseList> {
  const limit = query.limit ?? 25;
  const offset = decodeOffset(query.cursor);
  const { rows, total } = await repo.listResponseRows(
    db,
    userId,
    { ...query, limit: limit + 1, sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
    offset,
  );
  const page = await withTemplateNames(db, userId, rows.slice(0, limit));
  const citations = await repo.citationsFor(
    db,
    page.map((r) => r.id),
  );
  return {
    items: page.map((row) => toResponse(row, citations.get(row.id))),
    nextCursor: rows.length > limit ? encodeCursor([offset + limit]) : null,
    total,
  };
}

export async function createResponse(
  db: Database,
  user: AuthUser,
  body: CreateResponseBody,
  meta: RequestMeta,
): Promise<Response> {
  let job: AgentJob;
  let jobRow: JobRow | null = null;
  if (body.jobId) {
    jobRow = await requireJob(db, user.id, body.jobId);
    job = agentJobFromRow(jobRow);
  } else {
    const given = body.job ?? { title: 'Untitled job' };
    job = agentJobFromSnapshot(
      {
        title: given.title,
        description: given.description ?? '',
        url: given.url ?? null,
        skills: given.skills ?? [],
        screeningQuestions: given.screeningQuestions ?? [],
        clientName: given.clientName ?? null,
        budget: given.budget ?? null,
      },
      null,
    );
  }
  if (body.templateId) await getTemplateRow(db, user.id, body.templateId);
  const row = await repo.insertResponse(db, {
    userId: user.id,
    jobId: jobRow?.id ?? null,
    job: snapshotOf(job),
    jobTitle: job.title,
    templateId: body.templateId ?? null,
    variant: body.variant ?? 'A',
    tone: body.tone ?? 'professional',
    length: body.length ?? 'medium',
    text: body.text,
    generation: 'complete',
    offline: false,
  });
  await repo.addStatusEvent(db, user.id, row.id, null, 'draft');
  await repo.addVersion(db, user.id, row.id, body.text, 'edit');
  // A job the user answered outlives Upwork's 24-hour cache rule.
  if (jobRow) await markJobActedOn(db, user.id, jobRow.id);
  const response = await getResponse(db, user.id, row.id);
  await recordActivity(db, {
    userId: user.id,
    action: 'edit_response',
    details: { responseId: response.id, created: true },
    jobId: response.jobId,
    userAgent: meta.userAgent,
  });
  return response;
}

export async function updateResponse(
  db: Database,
  userId: string,
  id: string,
  body: UpdateResponseBody,
  meta: RequestMeta,
): Promise<Response> {
  const current = await requireResponse(db, userId, id);
  if (body.templateId) await getTemplateRow(db, userId, body.templateId);
  const textChanged = body.text !== undefined && body.text !== current.text;
  await repo.updateResponseRow(db, userId, id, {
    ...(textChanged ? { text: body.text!, checks: recheckText(current.checks, body.text!) } : {}),
    ...(body.bidMinor !== undefined ? { bidMinor: body.bidMinor } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.connects !== undefined ? { connects: body.connects } : {}),
    ...(body.fitScoreAtSend !== undefined ? { fitScoreAtSend: body.fitScoreAtSend } : {}),
    ...(body.templateId !== undefined ? { templateId: body.templateId } : {}),
    // A user who edits a failed or stopped draft has made it theirs.
    ...(textChanged && current.generation !== 'complete'
      ? { generation: 'complete' as const, generationError: null }
      : {}),
  });
  if (textChanged) await repo.addVersion(db, userId, id, body.text!, body.source ?? 'edit');
  const response = await getResponse(db, userId, id);
  await recordActivity(db, {
    userId,
    action: 'edit_response',
    details: {
      responseId: response.id,
      fields: Object.keys(body),
      source: body.source ?? 'edit',
    },
    jobId: response.jobId,
    userAgent: meta.userAgent,
  });
  return response;
}

/**
 * Moves a response to a status. Sending it records the send time and, once, the job's fit at
 * that moment; marking it replied opens its lead. Every call is logged, a repeat of the current
 * status included.
 */
export async function setStatus(
  db: Database,
  userId: string,
  id: string,
  status: ResponseStatus,
  meta: RequestMeta,
): Promise<Response> {
  const current = await requireResponse(db, userId, id);
  refuseUnsendable(current, status);
  if (current.status !== status) {
    const jobFit = status === 'sent' ? await jobFitOf(db, userId, current) : null;
    const now = new Date();
    await db.transaction(async (tx) => {
      await repo.updateResponseRow(tx, userId, id, {
        status,
        statusChangedAt: now,
        ...(status === 'sent' && !current.sentAt ? { sentAt: now } : {}),
        ...(status === 'sent' && current.fitScoreAtSend === null && jobFit !== null
          ? { fitScoreAtSend: jobFit }
          : {}),
      });
      await repo.addStatusEvent(tx, userId, id, current.status, status);
      // The client answered: the lead is created, or the one already linked is updated.
      if (status === 'replied') await openLeadFromReply(tx, userId, current);
    });
  }
  const response = await getResponse(db, userId, id);
  await recordActivity(db, {
    userId,
    action: 'edit_response',
    details: { responseId: response.id, status: response.status },
    jobId: response.jobId,
    userAgent: meta.userAgent,
  });
  return response;
}

/** An empty, over-long or unfilled text never reaches a status that says it went to the client. */
function refuseUnsendable(current: ResponseRecord, status: ResponseStatus): void {
  if (current.status === status || !SENT_STATUSES.includes(status)) return;
  const reasons = sendBlockers(current.text);
  if (reasons.length > 0)
    throw new HttpError(400, 'validation_failed', notSendableMessage(reasons), { reasons });
}

/** The fit score of the response's job, or null when it has none or the job is gone. */
async function jobFitOf(db: Database, userId: string, row: ResponseRecord): Promise<number | null> {
  if (!row.jobId) return null;
  try {
    return (await requireJob(db, userId, row.jobId)).fitScore ?? null;
  } catch {
    return null;
  }
}

export async function history(db: Database, userId: string, id: string): Promise<ResponseHistory> {
  await requireResponse(db, userId, id);
  const [versions, events] = await Promise.all([
    repo.listVersions(db, userId, id),
    repo.listStatusEvents(db, userId, id),
  ]);
  return {
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      text: v.text,
      source: v.source,
      createdAt: v.createdAt.toISOString(),
    })),
    statusEvents: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function restoreVersion(
  db: Database,
  userId: string,
  id: string,
  versionId: string,
  meta: RequestMeta,
): Promise<Response> {
  const current = await requireResponse(db, userId, id);
  const version = await repo.findVersion(db, userId, id, versionId);
  if (!version) throw new HttpError(404, 'not_found', 'Version not found');
  await repo.updateResponseRow(db, userId, id, {
    text: version.text,
    checks: recheckText(current.checks, version.text),
  });
  await repo.addVersion(db, userId, id, version.text, `restore:${version.number}`);
  const response = await getResponse(db, userId, id);
  await recordActivity(db, {
    userId,
    action: 'edit_response',
    details: { responseId: response.id, restoredVersionId: versionId },
    jobId: response.jobId,
    userAgent: meta.userAgent,
  });
  return response;
}

/** Moves a response to the bin (undone by undoDelete) and empties what has been there too long. */
export async function softDelete(
  db: Database,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const row = await requireResponse(db, userId, id);
  await repo.updateResponseRow(db, userId, id, { deletedAt: new Date() });
  await repo.purgeDeleted(db, userId);
  await recordActivity(db, {
    userId,
    action: 'delete_response',
    details: { responseId: row.id, jobTitle: row.jobTitle },
    jobId: row.jobId,
    userAgent: meta.userAgent,
  });
}

export async function undoDelete(db: Database, userId: string, id: string): Promise<Response> {
  const row = await repo.findResponse(db, userId, id, true);
  if (!row) throw new HttpError(404, 'not_found', 'Response not found');
  if (row.deletedAt) await repo.updateResponseRow(db, userId, id, { deletedAt: null });
  return getResponse(db, userId, id);
}

/** Citation counts per portfolio item, for the portfolio area (wired in by the module list). */
export { countPortfolioCitations } from './citation-stats.ts';

/** What the messages and transactions areas read of responses, and the client's reply. */
export {
  markRepliedByClient,
  responseSummaries,
  responseTitle,
  sentUpworkResponses,
} from './crm-links.ts';
export type { ResponseSummary } from './crm-links.ts';
