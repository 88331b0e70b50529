import type { Activity, ActivityAction } from '#contract/activity';

import { decodeKeyset, toPage } from '../../cursor.ts';
import type { Database } from '../../db/client.ts';
import type { ActivityRow } from '../../db/schema/activities.ts';
import { forbidden } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { insertActivity, listActivities } from './repo.ts';

export type RecordActivityInput = {
  userId: string;
  action: ActivityAction;
  details?: Record<string, unknown>;
  jobId?: string | null | undefined;
  searchName?: string | null | undefined;
  templateName?: string | null | undefined;
  userAgent?: string | null | undefined;
};

/** The one way any area writes to the activity log. */
export async function recordActivity(db: Database, input: RecordActivityInput): Promise<Activity> {
  const row = await insertActivity(db, {
    userId: input.userId,
    action: input.action,
    details: input.details ?? {},
    jobId: input.jobId ?? null,
    searchName: input.searchName ?? null,
    templateName: input.templateName ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return toActivity(row);
}

export type ActivityQuery = {
  action?: ActivityAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  userId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
};

export async function listActivitiesFor(db: Database, caller: AuthUser, query: ActivityQuery) {
  if (query.userId && query.userId !== caller.id && caller.role !== 'admin') {
    throw forbidden('Only administrators can read another user’s activity.');
  }
  const rows = await listActivities(db, {
    userId: query.userId ?? caller.id,
    action: query.action,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    q: query.q,
    after: query.cursor ? decodeKeyset(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = toPage(rows, query.limit);
  return { items: page.items.map(toActivity), nextCursor: page.nextCursor };
}

export function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    userId: row.userId,
    action: row.action,
    details: row.details,
    jobId: row.jobId,
    searchName: row.searchName,
    templateName: row.templateName,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  };
}
