import { eq } from 'drizzle-orm';

import { UPWORK_CONNECTED_SERVICES_URL, type UpworkConnection } from '#contract/upwork';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { upworkConnections, type UpworkConnectionRow } from '../../db/schema/upwork.ts';

/** The stored Upwork connection of a user, and its public shape (never the tokens). */

export async function connectionRow(
  db: Database,
  userId: string,
): Promise<UpworkConnectionRow | undefined> {
  const rows = await db
    .select()
    .from(upworkConnections)
    .where(eq(upworkConnections.userId, userId))
    .limit(1);
  return rows[0];
}

export function toConnection(
  row: UpworkConnectionRow | undefined,
  config: Config,
): UpworkConnection {
  return {
    status: row?.status ?? 'not_connected',
    demo: config.upwork.demo,
    upworkUserName: row?.upworkUserName ?? null,
    organizationId: row?.organizationId ?? null,
    organizations: row?.organizations ?? [],
    connectedAt: row?.connectedAt.toISOString() ?? null,
    lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    removeAppUrl: UPWORK_CONNECTED_SERVICES_URL,
  };
}
