import { eq } from 'drizzle-orm';

import type { UpworkConnection, UpworkDisconnectPreview } from '#contract/upwork';

import type { Database } from '../../db/client.ts';
import { upworkConnections } from '../../db/schema/upwork.ts';
import { recordActivity } from '../activities/service.ts';
import { toConnection } from './connection.ts';
import type { UpworkDeps } from './deps.ts';
import type { UpworkJobStore } from './service.ts';

/** The jobs area's store bound to a database handle (a transaction, here). */
export type JobStoreFor = (db: Database) => UpworkJobStore;

/** What a disconnect would do to the user's Upwork jobs, for the confirmation. */
export async function disconnectPreview(
  deps: UpworkDeps,
  userId: string,
  jobStoreFor: JobStoreFor,
): Promise<UpworkDisconnectPreview> {
  return jobStoreFor(deps.db).disconnectPreview(userId);
}

/**
 * Disconnect: the stored tokens are deleted at once and never refreshed again (Upwork has no
 * documented revoke endpoint; the refresh token dies two weeks after its last use), and the
 * Upwork jobs the user never acted on go with them, all or nothing. The answer tells the user
 * where to remove the app on Upwork.
 */
export async function disconnect(
  deps: UpworkDeps,
  userId: string,
  jobStoreFor: JobStoreFor,
): Promise<UpworkConnection> {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const deleted = await tx
      .delete(upworkConnections)
      .where(eq(upworkConnections.userId, userId))
      .returning({ id: upworkConnections.id });
    const removedJobs = await jobStoreFor(tx).removeOnDisconnect(userId);
    if (deleted.length > 0) {
      await recordActivity(tx, { userId, action: 'disconnect_upwork', details: { removedJobs } });
    }
  });
  return toConnection(undefined, deps.config);
}
