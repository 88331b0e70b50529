import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';

import type { LeadStage } from '#contract/leads';

import type { Database } from '../../db/client.ts';
import { leads } from '../../db/schema/leads.ts';
import { HttpError, notFound } from '../../http-error.ts';

/**
 * Board order: a floating position per lead, smaller first. A move takes the midpoint of its new
 * neighbours, so a drag writes one row; when the gap between neighbours gets too small to halve,
 * the column is renumbered (1, 2, 3 ...) first.
 */

/** Below this gap a midpoint no longer orders reliably in double precision. */
const MIN_GAP = 1e-9;

function columnOf(userId: string, stage: LeadStage, exceptId: string) {
  return and(
    eq(leads.userId, userId),
    eq(leads.stage, stage),
    isNull(leads.deletedAt),
    ne(leads.id, exceptId),
  );
}

/** Renumbers a column 1, 2, 3 ... in its current order (one statement). */
export async function renumberColumn(db: Database, userId: string, stage: LeadStage) {
  await db.execute(
    sql`update ${leads} set position = r.rn from (
          select id, row_number() over (order by position, id) as rn from ${leads}
          where ${leads.userId} = ${userId} and ${leads.stage} = ${stage} and ${leads.deletedAt} is null
        ) r where ${leads.id} = r.id`,
  );
}

async function positionBefore(
  db: Database,
  userId: string,
  stage: LeadStage,
  movingId: string,
  beforeId: string,
): Promise<number | null> {
  const [before] = await db
    .select({ position: leads.position, stage: leads.stage, id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, beforeId), eq(leads.userId, userId), isNull(leads.deletedAt)))
    .limit(1);
  if (!before) throw notFound('Lead');
  if (before.stage !== stage)
    throw new HttpError(
      400,
      'validation_failed',
      'The lead to place this one before is in another column',
    );
  const [previous] = await db
    .select({ position: leads.position })
    .from(leads)
    .where(
      and(
        columnOf(userId, stage, movingId),
        sql`(${leads.position}, ${leads.id}) < (${before.position}, ${before.id})`,
      ),
    )
    .orderBy(desc(leads.position), desc(leads.id))
    .limit(1);
  if (!previous) return before.position - 1;
  if (before.position - previous.position < MIN_GAP) return null;
  return (previous.position + before.position) / 2;
}

/**
 * The position a lead takes in `stage`, directly before `beforeId` or at the end of the column
 * (beforeId null). Renumbers the column when the neighbours are too close. Run in a transaction.
 */
export async function positionForMove(
  db: Database,
  userId: string,
  movingId: string,
  stage: LeadStage,
  beforeId: string | null,
): Promise<number> {
  if (beforeId === null) {
    const [last] = await db
      .select({ position: leads.position })
      .from(leads)
      .where(columnOf(userId, stage, movingId))
      .orderBy(desc(leads.position))
      .limit(1);
    return last ? last.position + 1 : 0;
  }
  const position = await positionBefore(db, userId, stage, movingId, beforeId);
  if (position !== null) return position;
  await renumberColumn(db, userId, stage);
  return (await positionBefore(db, userId, stage, movingId, beforeId)) ?? 0;
}

/** The position above every other lead of the column (where a lead lands when its stage is edited). */
export async function topOfColumn(
  db: Database,
  userId: string,
  stage: LeadStage,
  exceptId: string,
): Promise<number> {
  const [first] = await db
    .select({ position: leads.position })
    .from(leads)
    .where(columnOf(userId, stage, exceptId))
    .orderBy(asc(leads.position))
    .limit(1);
  return first ? first.position - 1 : 0;
}
