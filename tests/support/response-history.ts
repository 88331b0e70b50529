import type { JobScoreDetails } from '#contract/jobs';
import type { ResponseStatus, Variant } from '#contract/responses';
import type { TransactionKind } from '#contract/transactions';

import type { Database } from '../../server/src/db/client.ts';
import { jobs } from '../../server/src/db/schema/jobs.ts';
import { clients, contracts, leadLinks, leads } from '../../server/src/db/schema/leads.ts';
import { portfolioItems } from '../../server/src/db/schema/portfolio.ts';
import {
  responseCitations,
  responseStatusEvents,
  responses,
} from '../../server/src/db/schema/responses.ts';
import { templates } from '../../server/src/db/schema/templates.ts';
import { transactions } from '../../server/src/db/schema/transactions.ts';
import { users } from '../../server/src/db/schema/users.ts';

/**
 * Rows for response analytics tests, written straight into a fresh database (PGlite, or
 * PostgreSQL with TEST_DB=postgres and TEST_DATABASE_URL): users, jobs, templates, portfolio
 * items, sent responses with their status history and citations, and won leads with a contract
 * and its transactions. Each helper returns the ids it made so tests can recompute expectations
 * from what they inserted.
 */

let userSerial = 0;

export async function addUser(db: Database): Promise<string> {
  userSerial += 1;
  const tag = `${Date.now().toString(36)}-${userSerial}`;
  const [row] = await db
    .insert(users)
    .values({ firebaseUid: `history-${tag}`, email: `history-${tag}@example.test` })
    .returning({ id: users.id });
  if (!row) throw new Error('could not add a user');
  return row.id;
}

export type HistoryJob = {
  category?: string | null;
  jobType?: 'fixed' | 'hourly' | 'unknown';
  currency?: string;
  budgetMinMinor?: number | null;
  budgetMaxMinor?: number | null;
  hourlyMinMinor?: number | null;
  hourlyMaxMinor?: number | null;
  /** The scoring model's hire chance stored with the job's score (no score when absent). */
  winProbability?: number;
  /** The model's own chance when the user's hire rates were blended into winProbability. */
  modelWinProbability?: number;
};

function scoreWith(job: HistoryJob): JobScoreDetails | null {
  if (job.winProbability === undefined) return null;
  return {
    fit: 50,
    verdict: 'maybe',
    worthPerConnectMinor: 0,
    winProbability: job.winProbability,
    ...(job.modelWinProbability === undefined
      ? {}
      : { modelWinProbability: job.modelWinProbability }),
    connectsCost: 4,
    reasons: [],
    flags: [],
    traps: [],
    asks: [],
    summary: 'Maybe',
  };
}

export async function addJob(db: Database, userId: string, job: HistoryJob = {}): Promise<string> {
  userSerial += 1;
  const [row] = await db
    .insert(jobs)
    .values({
      userId,
      source: 'manual',
      externalId: `history-job-${userSerial}`,
      title: `Job ${userSerial}`,
      category: job.category ?? null,
      jobType: job.jobType ?? 'fixed',
      currency: job.currency ?? 'USD',
      budgetMinMinor: job.budgetMinMinor ?? null,
      budgetMaxMinor: job.budgetMaxMinor ?? null,
      hourlyMinMinor: job.hourlyMinMinor ?? null,
      hourlyMaxMinor: job.hourlyMaxMinor ?? null,
      score: scoreWith(job),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('could not add a job');
  return row.id;
}

export async function addTemplate(db: Database, userId: string, name: string): Promise<string> {
  const [row] = await db
    .insert(templates)
    .values({ userId, name, body: `Hello from ${name}` })
    .returning({ id: templates.id });
  if (!row) throw new Error('could not add a template');
  return row.id;
}

export async function addPortfolioItem(
  db: Database,
  userId: string,
  title: string,
): Promise<string> {
  const [row] = await db
    .insert(portfolioItems)
    .values({ userId, title })
    .returning({ id: portfolioItems.id });
  if (!row) throw new Error('could not add a portfolio item');
  return row.id;
}

export type HistoryResponse = {
  /** Null for a draft never sent. */
  sentAt: Date | null;
  /** The statuses it moved through after being sent, in order; the last is its current one. */
  history?: ResponseStatus[];
  connects?: number | null;
  templateId?: string | null;
  variant?: Variant;
  fitScore?: number | null;
  bidMinor?: number | null;
  currency?: string;
  jobId?: string | null;
  citations?: Array<{ id: string; title: string }>;
  deleted?: boolean;
};

/** A response with its status events (sent first, then each of `history`) and citations. */
export async function addResponse(
  db: Database,
  userId: string,
  seed: HistoryResponse,
): Promise<string> {
  const statuses: ResponseStatus[] = seed.sentAt ? ['sent', ...(seed.history ?? [])] : ['draft'];
  const current = statuses[statuses.length - 1] ?? 'draft';
  const [row] = await db
    .insert(responses)
    .values({
      userId,
      job: {
        title: 'A job',
        description: '',
        url: null,
        skills: [],
        screeningQuestions: [],
        clientName: null,
        budget: null,
      },
      jobId: seed.jobId ?? null,
      templateId: seed.templateId ?? null,
      variant: seed.variant ?? 'A',
      status: current,
      sentAt: seed.sentAt,
      bidMinor: seed.bidMinor ?? null,
      currency: seed.currency ?? 'USD',
      connects: seed.connects === undefined ? 6 : seed.connects,
      fitScoreAtSend: seed.fitScore ?? null,
      deletedAt: seed.deleted ? new Date() : null,
    })
    .returning({ id: responses.id });
  if (!row) throw new Error('could not add a response');
  if (seed.sentAt) {
    let from: ResponseStatus = 'draft';
    for (const [index, to] of statuses.entries()) {
      await db.insert(responseStatusEvents).values({
        userId,
        responseId: row.id,
        fromStatus: from,
        toStatus: to,
        createdAt: new Date(seed.sentAt.getTime() + index * 3_600_000),
      });
      from = to;
    }
  }
  for (const item of seed.citations ?? []) {
    await db
      .insert(responseCitations)
      .values({ userId, responseId: row.id, portfolioItemId: item.id, title: item.title });
  }
  return row.id;
}

export type HistoryMoney = { kind: TransactionKind; amountMinor: number; currency?: string };

/**
 * A won lead linked to the given responses, with a client, a contract and the contract's
 * transactions (a deleted one is left out of every total).
 */
export async function addWonLead(
  db: Database,
  userId: string,
  responseIds: string[],
  money: Array<HistoryMoney & { deleted?: boolean }>,
): Promise<string> {
  const [lead] = await db
    .insert(leads)
    .values({ userId, contactName: 'A client', stage: 'won' })
    .returning({ id: leads.id });
  if (!lead) throw new Error('could not add a lead');
  for (const responseId of responseIds) {
    await db
      .insert(leadLinks)
      .values({ userId, leadId: lead.id, kind: 'response', targetId: responseId });
  }
  const [client] = await db
    .insert(clients)
    .values({ userId, name: 'A client', leadId: lead.id })
    .returning({ id: clients.id });
  if (!client) throw new Error('could not add a client');
  const [contract] = await db
    .insert(contracts)
    .values({
      userId,
      clientId: client.id,
      leadId: lead.id,
      title: 'A contract',
      type: 'fixed',
      amountMinor: 100_000,
      currency: 'USD',
      startDate: '2025-01-01',
    })
    .returning({ id: contracts.id });
  if (!contract) throw new Error('could not add a contract');
  for (const entry of money) {
    await db.insert(transactions).values({
      userId,
      kind: entry.kind,
      amountMinor: entry.amountMinor,
      currency: entry.currency ?? 'USD',
      occurredOn: '2025-02-01',
      contractId: contract.id,
      leadId: lead.id,
      source: 'manual',
      deletedAt: entry.deleted ? new Date() : null,
    });
  }
  return lead.id;
}
