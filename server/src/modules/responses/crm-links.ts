import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, isNull } from 'drizzle-orm';

import type { JobSource } from '#contract/jobs';
import { SENT_STATUSES } from '#contract/response-checks';
import type { ResponseStatus } from '#contract/responses';

import type { Database } from '../../db/client.ts';
import { responses } from '../../db/schema/responses.ts';
import { requireJob } from '../jobs/service.ts';
import { upsertLeadFromReply } from '../leads/service.ts';
import { templateNamesById } from '../templates/service.ts';
import * as repo from './repo.ts';

/**
 * What the CRM areas (messages, transactions) ask of responses: a short summary of each, the sent
 * responses to Upwork jobs (whose proposals the message sync looks for), and the client's reply,
 * which moves the response to replied and opens its lead.
 */

export type ResponseSummary = {
  id: string;
  jobId: string | null;
  jobTitle: string;
  jobSource: JobSource | null;
  jobExternalId: string | null;
  clientName: string | null;
  status: ResponseStatus;
  sentAt: Date | null;
  bidMinor: number | null;
  currency: string;
  templateId: string | null;
  templateName: string | null;
  portfolioItems: Array<{ id: string; title: string }>;
};

/** The job's source and Upwork id, read through the jobs service (null when the job is gone). */
async function jobKeys(
  db: Database,
  userId: string,
  jobIds: string[],
): Promise<Map<string, { source: JobSource; externalId: string }>> {
  const keys = new Map<string, { source: JobSource; externalId: string }>();
  await Promise.all(
    [...new Set(jobIds)].map(async (jobId) => {
      try {
        const job = await requireJob(db, userId, jobId);
        keys.set(jobId, { source: job.source, externalId: job.externalId });
      } catch {
        // The job was dropped: the response keeps its snapshot, without a source.
      }
    }),
  );
  return keys;
}

async function summarize(
  db: Database,
  userId: string,
  rows: repo.StoredResponse[],
): Promise<ResponseSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [names, citations, jobs] = await Promise.all([
    templateNamesById(db, userId, [
      ...new Set(rows.flatMap((row) => (row.templateId ? [row.templateId] : []))),
    ]),
    repo.citationsFor(db, ids),
    jobKeys(
      db,
      userId,
      rows.flatMap((row) => (row.jobId ? [row.jobId] : [])),
    ),
  ]);
  return rows.map((row) => {
    const job = row.jobId ? jobs.get(row.jobId) : undefined;
    return {
      id: row.id,
      jobId: row.jobId,
      jobTitle: row.jobTitle,
      jobSource: job?.source ?? null,
      jobExternalId: job?.externalId ?? null,
      clientName: row.job.clientName,
      status: row.status,
      sentAt: row.sentAt,
      bidMinor: row.bidMinor,
      currency: row.currency,
      templateId: row.templateId,
      templateName: row.templateId ? (names.get(row.templateId) ?? null) : null,
      portfolioItems: (citations.get(row.id) ?? []).map((item) => ({
        id: item.portfolioItemId,
        title: item.title,
      })),
    };
  });
}

const { search: _search, ...columns } = getTableColumns(responses);

/** Summaries of the user's responses among `ids` (binned ones included: history still names them). */
export async function responseSummaries(
  db: Database,
  userId: string,
  ids: string[],
): Promise<Map<string, ResponseSummary>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(responses)
    .where(and(eq(responses.userId, userId), inArray(responses.id, wanted)));
  return new Map((await summarize(db, userId, rows)).map((summary) => [summary.id, summary]));
}

/** The user's responses to Upwork jobs sent since `since` (sent or a later status), oldest first. */
export async function sentUpworkResponses(
  db: Database,
  userId: string,
  since: Date,
): Promise<ResponseSummary[]> {
  const rows = await db
    .select(columns)
    .from(responses)
    .where(
      and(
        eq(responses.userId, userId),
        isNull(responses.deletedAt),
        isNotNull(responses.jobId),
        inArray(responses.status, [...SENT_STATUSES]),
        gte(responses.sentAt, since),
      ),
    )
    .orderBy(asc(responses.sentAt), asc(responses.id))
    .limit(1000);
  return (await summarize(db, userId, rows)).filter((summary) => summary.jobSource === 'upwork');
}

/** The title of one of the user's responses (not in the bin), or null: for links made by hand. */
export async function responseTitle(
  db: Database,
  userId: string,
  responseId: string,
): Promise<string | null> {
  const row = await repo.findResponse(db, userId, responseId);
  return row ? row.jobTitle || 'Untitled job' : null;
}

/** Creates (or updates) the lead of a response the client answered: its job, the response, its bid. */
export async function openLeadFromReply(db: Database, userId: string, row: repo.StoredResponse) {
  const title = row.jobTitle || 'Untitled job';
  return upsertLeadFromReply(db, userId, {
    contactName: row.job.clientName?.trim() || 'Upwork client',
    job: { id: row.jobId, title },
    response: { id: row.id, title, valueMinor: row.bidMinor, currency: row.currency },
  });
}

/**
 * The client answered on Upwork: a sent or viewed response becomes replied (with its status
 * event) and its lead is created or linked, as when the user marks it. Any other status is left.
 */
export async function markRepliedByClient(
  db: Database,
  userId: string,
  responseId: string,
): Promise<void> {
  const row = await repo.findResponse(db, userId, responseId);
  if (!row || (row.status !== 'sent' && row.status !== 'viewed')) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    await repo.updateResponseRow(tx, userId, responseId, {
      status: 'replied',
      statusChangedAt: now,
    });
    await repo.addStatusEvent(tx, userId, responseId, row.status, 'replied');
    await openLeadFromReply(tx, userId, row);
  });
}
