import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import { cursorDouble, cursorId, decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import { portfolioItems } from '../../db/schema/portfolio.ts';
import { itemColumns, queryRows, type ItemRecord } from './repo.ts';

/** SQL for the portfolio list in the owner's order: filters, the position cursor, the facets. */

export type ListFilter = { skill?: string | undefined; industry?: string | undefined };

export function filterConditions(filter: ListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.skill) {
    conditions.push(
      sql`exists (select 1 from unnest(${portfolioItems.skills}) as s(skill) where lower(s.skill) = lower(${filter.skill}))`,
    );
  }
  if (filter.industry) {
    conditions.push(sql`lower(${portfolioItems.industry}) = lower(${filter.industry})`);
  }
  return conditions;
}

export type PositionCursor = { position: number; id: string };

export function encodePositionCursor(row: PositionCursor): string {
  return encodeCursor([row.position, row.id]);
}

export function decodePositionCursor(cursor: string): PositionCursor {
  const [position, id] = decodeCursor(cursor, z.tuple([cursorDouble, cursorId]));
  return { position, id };
}

export async function listItems(
  db: Database,
  userId: string,
  options: ListFilter & { limit: number; after?: PositionCursor | undefined },
): Promise<ItemRecord[]> {
  const after = options.after;
  return db
    .select(itemColumns)
    .from(portfolioItems)
    .where(
      and(
        eq(portfolioItems.userId, userId),
        isNull(portfolioItems.deletedAt),
        ...filterConditions(options),
        after
          ? or(
              gt(portfolioItems.position, after.position),
              and(eq(portfolioItems.position, after.position), gt(portfolioItems.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(portfolioItems.position), asc(portfolioItems.id))
    .limit(options.limit);
}

export async function facets(db: Database, userId: string) {
  const live = and(eq(portfolioItems.userId, userId), isNull(portfolioItems.deletedAt));
  const [skills, industries, total] = await Promise.all([
    queryRows<{ value: string; count: number | string }>(
      db,
      sql`
      select min(s.skill) as value, count(*) as count
      from ${portfolioItems}, unnest(${portfolioItems.skills}) as s(skill)
      where ${live}
      group by lower(s.skill)
      order by count(*) desc, lower(s.skill) asc
      limit 200`,
    ),
    queryRows<{ value: string; count: number | string }>(
      db,
      sql`
      select min(${portfolioItems.industry}) as value, count(*) as count
      from ${portfolioItems}
      where ${live} and ${portfolioItems.industry} is not null
      group by lower(${portfolioItems.industry})
      order by count(*) desc, lower(min(${portfolioItems.industry})) asc
      limit 200`,
    ),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(portfolioItems)
      .where(live),
  ]);
  return {
    skills: skills.map((row) => ({ value: row.value, count: Number(row.count) })),
    industries: industries.map((row) => ({ value: row.value, count: Number(row.count) })),
    total: total[0]?.count ?? 0,
  };
}
