import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.ts';
import { activities, type ActivityRow } from '../../db/schema/activities.ts';
import { containsPattern, newestFirst, olderThan, type Keyset } from '../../cursor.ts';

export type NewActivity = typeof activities.$inferInsert;

export async function insertActivity(db: Database, values: NewActivity): Promise<ActivityRow> {
  const [row] = await db.insert(activities).values(values).returning();
  if (!row) throw new Error('activity insert returned nothing');
  return row;
}

export type ActivityFilter = {
  userId: string;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
  after?: Keyset | undefined;
  limit: number;
};

export async function listActivities(db: Database, filter: ActivityFilter): Promise<ActivityRow[]> {
  const conditions: SQL[] = [eq(activities.userId, filter.userId)];
  if (filter.action) conditions.push(eq(activities.action, filter.action));
  if (filter.from) conditions.push(gte(activities.createdAt, filter.from));
  if (filter.to) conditions.push(lte(activities.createdAt, filter.to));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const match = or(
      ilike(activities.action, pattern),
      ilike(sql`${activities.details}::text`, pattern),
      ilike(activities.searchName, pattern),
      ilike(activities.templateName, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.after) {
    conditions.push(olderThan(activities.createdAt, activities.id, filter.after));
  }
  return db
    .select()
    .from(activities)
    .where(and(...conditions))
    .orderBy(...newestFirst(activities.createdAt, activities.id))
    .limit(filter.limit);
}
