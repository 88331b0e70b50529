import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
} from 'drizzle-orm';

import type { LeadEventKind, LeadLinkKind, LeadSource, LeadStage } from '#contract/leads';
import { STAGE_PROBABILITY } from '#contract/leads';

import type { Database } from '../../db/client.ts';
import {
  leadEvents,
  leadLinks,
  leads,
  type LeadEventRow,
  type LeadLinkRow,
  type LeadRow,
} from '../../db/schema/leads.ts';

/** A stored lead without its search column. */
export type StoredLead = Omit<LeadRow, 'search'>;

const { search: _search, ...leadColumns } = getTableColumns(leads);
export { leadColumns };

/** The user's lead that is not in the bin (or, with `includeDeleted`, any of theirs). */
export async function findLead(
  db: Database,
  userId: string,
  id: string,
  includeDeleted = false,
): Promise<StoredLead | undefined> {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .where(
      and(
        eq(leads.id, id),
        eq(leads.userId, userId),
        includeDeleted ? undefined : isNull(leads.deletedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

/** What a new lead is made of; omitted fields take the defaults a new lead has. */
export type LeadInsert = {
  contactName: string;
  company?: string;
  email?: string;
  upworkClientId?: string | null;
  source?: LeadSource;
  stage?: LeadStage;
  valueMinor?: number;
  currency?: string;
  /** Left out: the stage's probability. */
  probability?: number | undefined;
  nextAction?: string;
  nextActionDue?: Date | null;
  tags?: string[];
  jobId?: string | null;
  jobTitle?: string;
  roomId?: string | null;
};

/** The smallest position in each of the user's columns (new leads go above it). */
async function topPositions(db: Database, userId: string): Promise<Map<LeadStage, number>> {
  const rows = await db
    .select({ stage: leads.stage, top: sql<number>`min(${leads.position})` })
    .from(leads)
    .where(and(eq(leads.userId, userId), isNull(leads.deletedAt)))
    .groupBy(leads.stage);
  return new Map(rows.map((row) => [row.stage, Number(row.top)]));
}

/**
 * Creates leads in bulk, each with its 'created' event, placed at the top of their columns in the
 * order given. Call it inside the caller's transaction.
 */
export async function insertLeadRows(
  tx: Database,
  userId: string,
  rows: LeadInsert[],
  eventBody = 'Lead created',
): Promise<StoredLead[]> {
  if (rows.length === 0) return [];
  const tops = await topPositions(tx, userId);
  const perStage = new Map<LeadStage, number>();
  for (const row of rows) {
    const stage = row.stage ?? 'new';
    perStage.set(stage, (perStage.get(stage) ?? 0) + 1);
  }
  const next = new Map<LeadStage, number>();
  for (const [stage, count] of perStage) next.set(stage, (tops.get(stage) ?? count) - count);
  const now = new Date();
  const values = rows.map((row) => {
    const stage = row.stage ?? 'new';
    const position = next.get(stage)!;
    next.set(stage, position + 1);
    return {
      userId,
      contactName: row.contactName,
      company: row.company ?? '',
      email: row.email ?? '',
      upworkClientId: row.upworkClientId ?? null,
      source: row.source ?? 'other',
      stage,
      stageChangedAt: now,
      position,
      valueMinor: row.valueMinor ?? 0,
      currency: row.currency ?? 'USD',
      probability: row.probability ?? STAGE_PROBABILITY[stage],
      nextAction: row.nextAction ?? '',
      nextActionDue: row.nextActionDue ?? null,
      tags: row.tags ?? [],
      jobId: row.jobId ?? null,
      jobTitle: row.jobTitle ?? '',
      roomId: row.roomId ?? null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const inserted: StoredLead[] = [];
  // Chunks keep each statement's parameter count well under the driver's limit.
  for (let start = 0; start < values.length; start += 500) {
    const chunk = await tx
      .insert(leads)
      .values(values.slice(start, start + 500))
      .returning(leadColumns);
    inserted.push(...chunk);
  }
  for (let start = 0; start < inserted.length; start += 1000) {
    await tx.insert(leadEvents).values(
      inserted.slice(start, start + 1000).map((lead) => ({
        userId,
        leadId: lead.id,
        kind: 'created' as const,
        toStage: lead.stage,
        body: eventBody,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return inserted;
}

/** The key findDuplicateLeads answers under: `email:<lower-case address>` or `upwork:<id>`. */
export function leadDuplicateKey(kind: 'email' | 'upwork', value: string): string {
  return kind === 'email' ? `email:${value.trim().toLowerCase()}` : `upwork:${value.trim()}`;
}

/**
 * The user's leads (not in the bin) that already carry one of these emails (compared without case)
 * or Upwork client ids: a map from leadDuplicateKey(kind, value) to the lead's id.
 */
export async function findDuplicateLeads(
  db: Database,
  userId: string,
  keys: { emails: string[]; upworkClientIds: string[] },
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const emails = [...new Set(keys.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const upworkIds = [...new Set(keys.upworkClientIds.map((u) => u.trim()).filter(Boolean))];
  const active = and(eq(leads.userId, userId), isNull(leads.deletedAt));
  for (let start = 0; start < emails.length; start += 1000) {
    const rows = await db
      .select({ id: leads.id, email: leads.email })
      .from(leads)
      .where(and(active, inArray(sql`lower(${leads.email})`, emails.slice(start, start + 1000))))
      .orderBy(asc(leads.createdAt));
    for (const row of rows) {
      const key = leadDuplicateKey('email', row.email);
      if (!found.has(key)) found.set(key, row.id);
    }
  }
  for (let start = 0; start < upworkIds.length; start += 1000) {
    const rows = await db
      .select({ id: leads.id, upworkClientId: leads.upworkClientId })
      .from(leads)
      .where(and(active, inArray(leads.upworkClientId, upworkIds.slice(start, start + 1000))))
      .orderBy(asc(leads.createdAt));
    for (const row of rows) {
      const key = leadDuplicateKey('upwork', row.upworkClientId ?? '');
      if (!found.has(key)) found.set(key, row.id);
    }
  }
  return found;
}

export async function updateLeadRow(
  db: Database,
  userId: string,
  id: string,
  values: Partial<Omit<LeadRow, 'id' | 'userId' | 'search' | 'createdAt'>>,
): Promise<StoredLead> {
  const [row] = await db
    .update(leads)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(leads.id, id), eq(leads.userId, userId)))
    .returning(leadColumns);
  return row!;
}

export type NewLeadEvent = {
  kind: LeadEventKind;
  body?: string;
  fromStage?: LeadStage | null;
  toStage?: LeadStage | null;
  link?: { kind: LeadLinkKind; targetId: string } | null;
};

export async function addEvent(
  db: Database,
  userId: string,
  leadId: string,
  event: NewLeadEvent,
): Promise<LeadEventRow> {
  const [row] = await db
    .insert(leadEvents)
    .values({
      userId,
      leadId,
      kind: event.kind,
      body: event.body ?? '',
      fromStage: event.fromStage ?? null,
      toStage: event.toStage ?? null,
      linkKind: event.link?.kind ?? null,
      linkTargetId: event.link?.targetId ?? null,
      // The clock of this process, not the transaction's start, so entries of one write keep their order.
      createdAt: new Date(),
    })
    .returning();
  return row!;
}

/** The timeline, newest first (at most `limit` entries); 'created' is last among equal times. */
export async function listEvents(
  db: Database,
  userId: string,
  leadId: string,
  limit = 500,
): Promise<LeadEventRow[]> {
  return db
    .select()
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.userId, userId)))
    .orderBy(desc(leadEvents.createdAt), sql`${leadEvents.kind} = 'created'`, desc(leadEvents.id))
    .limit(limit);
}

/** Adds a link unless the lead has it already; answers whether it was added. */
export async function addLink(
  db: Database,
  userId: string,
  leadId: string,
  link: { kind: LeadLinkKind; targetId: string; title: string },
): Promise<boolean> {
  const rows = await db
    .insert(leadLinks)
    .values({ userId, leadId, kind: link.kind, targetId: link.targetId, title: link.title })
    .onConflictDoNothing()
    .returning({ id: leadLinks.id });
  return rows.length > 0;
}

/** The lead's links in the order they were made. */
export async function listLinks(
  db: Database,
  userId: string,
  leadId: string,
): Promise<LeadLinkRow[]> {
  return db
    .select()
    .from(leadLinks)
    .where(and(eq(leadLinks.leadId, leadId), eq(leadLinks.userId, userId)))
    .orderBy(asc(leadLinks.createdAt), asc(leadLinks.id));
}

/** The user's live lead linked to this target (the oldest link first), if any. */
export async function leadLinkedTo(
  db: Database,
  userId: string,
  kind: LeadLinkKind,
  targetId: string,
): Promise<StoredLead | undefined> {
  const rows = await db
    .select(leadColumns)
    .from(leadLinks)
    .innerJoin(leads, eq(leads.id, leadLinks.leadId))
    .where(
      and(
        eq(leadLinks.userId, userId),
        eq(leadLinks.kind, kind),
        eq(leadLinks.targetId, targetId),
        isNull(leads.deletedAt),
      ),
    )
    .orderBy(asc(leadLinks.createdAt))
    .limit(1);
  return rows[0];
}

/** The user's oldest live lead with this Upwork client id. */
export async function leadWithUpworkClient(
  db: Database,
  userId: string,
  upworkClientId: string,
): Promise<StoredLead | undefined> {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .where(
      and(
        eq(leads.userId, userId),
        eq(leads.upworkClientId, upworkClientId),
        isNull(leads.deletedAt),
      ),
    )
    .orderBy(asc(leads.createdAt))
    .limit(1);
  return rows[0];
}

/** Every distinct tag on the user's live leads, sorted. */
export async function distinctTags(db: Database, userId: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select distinct t.tag from ${leads}, jsonb_array_elements_text(${leads.tags}) as t(tag)
        where ${leads.userId} = ${userId} and ${leads.deletedAt} is null
        order by t.tag limit 1000`,
  )) as unknown as { rows: Array<{ tag: string }> };
  return result.rows.map((row) => row.tag);
}

/** Leads in the bin longer than the undo window are deleted for good (every user). */
export async function purgeDeletedLeads(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(leads)
    .where(and(isNotNull(leads.deletedAt), lt(leads.deletedAt, before)))
    .returning({ id: leads.id });
  return rows.length;
}
