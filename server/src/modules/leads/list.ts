import { and, asc, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import {
  LEAD_STAGES,
  type Lead,
  type LeadBoard,
  type LeadSource,
  type LeadStage,
} from '#contract/leads';

import { decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { leads } from '../../db/schema/leads.ts';
import { leadColumns } from './repo.ts';
import { toLead } from './views.ts';

/** The filters the table and the board share. */
export type LeadFilter = {
  q?: string | undefined;
  stage?: LeadStage | undefined;
  source?: LeadSource | undefined;
  tag?: string | undefined;
  due?: 'true' | 'false' | undefined;
};

export type LeadListQuery = LeadFilter & {
  sort: 'updated' | 'created' | 'value' | 'due' | 'name' | 'stage';
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
};

/** The conditions a filter puts on the user's live leads (they use the user's indexes). */
export function filterConditions(userId: string, filter: LeadFilter, now = new Date()): SQL[] {
  const conditions: SQL[] = [eq(leads.userId, userId), isNull(leads.deletedAt)];
  if (filter.q)
    conditions.push(sql`${leads.search} @@ websearch_to_tsquery('simple', ${filter.q})`);
  if (filter.stage) conditions.push(eq(leads.stage, filter.stage));
  if (filter.source) conditions.push(eq(leads.source, filter.source));
  if (filter.tag) conditions.push(sql`${leads.tags} @> ${JSON.stringify([filter.tag])}::jsonb`);
  if (filter.due === 'true') {
    conditions.push(isNotNull(leads.nextActionDue), lte(leads.nextActionDue, now));
  }
  return conditions;
}

/** Whether the list was asked with words to search, or with filters, for the activity log. */
export function isSearch(filter: LeadFilter): boolean {
  return Boolean(filter.q);
}
export function isFiltered(filter: LeadFilter): boolean {
  return Boolean(filter.stage || filter.source || filter.tag || filter.due === 'true');
}

const stageOrder = sql`array_position(array[${sql.join(
  LEAD_STAGES.map((stage) => sql`${stage}`),
  sql`, `,
)}]::text[], ${leads.stage})`;

const SORT_COLUMNS = {
  updated: sql`${leads.updatedAt}`,
  created: sql`${leads.createdAt}`,
  value: sql`${leads.valueMinor}`,
  due: sql`${leads.nextActionDue}`,
  name: sql`lower(${leads.contactName})`,
  stage: stageOrder,
} as const;

/** A page cursor of the lead list: how many rows came before the next page. */
const offsetCursor = z.tuple([z.number().int().min(0).max(1_000_000)]);

export async function listLeads(
  db: Database,
  userId: string,
  query: LeadListQuery,
): Promise<{ items: Lead[]; nextCursor: string | null; total: number }> {
  const offset = query.cursor ? decodeCursor(query.cursor, offsetCursor)[0] : 0;
  const where = and(...filterConditions(userId, query));
  const direction = query.dir === 'asc' ? asc : desc;
  const [rows, count] = await Promise.all([
    db
      .select(leadColumns)
      .from(leads)
      .where(where)
      .orderBy(sql`${direction(SORT_COLUMNS[query.sort])} nulls last`, direction(leads.id))
      .limit(query.limit + 1)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(where),
  ]);
  return {
    items: rows.slice(0, query.limit).map(toLead),
    nextCursor: rows.length > query.limit ? encodeCursor([offset + query.limit]) : null,
    total: count[0]?.n ?? 0,
  };
}

/**
 * The board: per column its count and totals by currency (one grouped query) and its first
 * `perStage` leads by position (one indexed query per column), so a large pipeline never ships whole.
 */
export async function leadBoard(
  db: Database,
  userId: string,
  filter: Omit<LeadFilter, 'stage'>,
  perStage: number,
): Promise<LeadBoard> {
  const conditions = filterConditions(userId, filter);
  const [sums, ...columns] = await Promise.all([
    db
      .select({
        stage: leads.stage,
        currency: leads.currency,
        count: sql<number>`count(*)::int`,
        total: sql<string>`sum(${leads.valueMinor})::text`,
      })
      .from(leads)
      .where(and(...conditions))
      .groupBy(leads.stage, leads.currency)
      .orderBy(leads.stage, leads.currency),
    ...LEAD_STAGES.map((stage) =>
      db
        .select(leadColumns)
        .from(leads)
        .where(and(...conditions, eq(leads.stage, stage)))
        .orderBy(asc(leads.position), asc(leads.id))
        .limit(perStage),
    ),
  ]);
  return {
    columns: LEAD_STAGES.map((stage, index) => {
      const mine = sums.filter((row) => row.stage === stage);
      return {
        stage,
        count: mine.reduce((n, row) => n + row.count, 0),
        totals: mine.map((row) => ({ currency: row.currency, valueMinor: Number(row.total) })),
        items: (columns[index] ?? []).map(toLead),
      };
    }),
  };
}
