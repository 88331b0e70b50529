import { eq } from 'drizzle-orm';

import type { JobFilters } from '#contract/jobs';
import type { UpworkDisconnectPreview, UpworkSyncResult } from '#contract/upwork';

import type { Database } from '../../db/client.ts';
import { upworkConnections } from '../../db/schema/upwork.ts';
import {
  mapSearchNode,
  postingDetails,
  toUpworkFilter,
  type MappedUpworkJob,
} from '../../integrations/upwork/map-job.ts';
import { connectionRow } from './connection.ts';
import { nowOf, type UpworkDeps } from './deps.ts';
import { clientFor } from './session.ts';
import { toUpworkHttpError } from './upwork-http-error.ts';

/**
 * What other areas may ask of Upwork: whether a user is connected, a sync of the jobs matching
 * some filters, the full posting of one job. Storing and scoring jobs is the jobs area's work:
 * the sync hands each page to the store the caller passes in.
 */

export { sharedLimiter } from './deps.ts';
export type { UpworkDeps } from './deps.ts';
export { upworkFreelancerProfile } from './freelancer-profile.ts';
export {
  connectedUpworkUserId,
  fetchUpworkTransactions,
  findUpworkVendorProposal,
  listUpworkContracts,
  listUpworkRoomStories,
  listUpworkRooms,
  sendUpworkRoomStory,
} from './crm.ts';
export type {
  UpworkContract,
  UpworkRoom,
  UpworkStory,
  UpworkTransactionRow,
  UpworkVendorProposal,
} from '../../integrations/upwork/crm-types.ts';
export type { FreelancerProfileAnswer } from '../../integrations/upwork/freelancer-profile.ts';

const SYNC_PAGE_SIZE = 50;

/** Where synced postings go (the jobs area implements it; this area never reads jobs). */
export type UpworkJobStore = {
  /** Scores and upserts one page of postings for the user. */
  save(
    userId: string,
    postings: MappedUpworkJob[],
    now: Date,
  ): Promise<{ created: number; updated: number }>;
  /** Drops the user's Upwork jobs that Upwork's caching rule no longer lets us keep. */
  purgeExpired(userId: string, now: Date): Promise<number>;
  /** How many Upwork jobs a disconnect would remove (never acted on) and keep (acted on). */
  disconnectPreview(userId: string): Promise<UpworkDisconnectPreview>;
  /** Removes the Upwork jobs the user never acted on; answers how many went. */
  removeOnDisconnect(userId: string): Promise<number>;
};

/** The users whose Upwork connection works now: the background syncs run for them only. */
export async function connectedUpworkUserIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ userId: upworkConnections.userId })
    .from(upworkConnections)
    .where(eq(upworkConnections.status, 'connected'));
  return rows.map((row) => row.userId);
}

export async function isUpworkConnected(db: Database, userId: string): Promise<boolean> {
  return (await connectionRow(db, userId))?.status === 'connected';
}

/**
 * Records how a sync ended. Only a refresh of the feed moves `lastSyncAt`: the Browse Jobs page
 * fetches the feed again when that time is stale, and a saved search's narrow sync has not
 * refreshed it.
 */
async function recordSyncOutcome(
  deps: UpworkDeps,
  userId: string,
  error: string | null,
  refreshedFeed: boolean,
) {
  const now = nowOf(deps);
  await deps.db
    .update(upworkConnections)
    .set(
      error
        ? { lastError: error, updatedAt: now }
        : refreshedFeed
          ? { lastError: null, lastSyncAt: now, updatedAt: now }
          : { lastError: null, updatedAt: now },
    )
    .where(eq(upworkConnections.userId, userId));
}

export type SyncJobsOptions = {
  /** Pages of results to fetch (each SYNC_PAGE_SIZE postings). */
  pages?: number;
  /** False for a background sync of one saved search's filters: the feed's last sync stays. */
  refreshesFeed?: boolean;
};

/** Fetches Upwork jobs for these filters into the store, and drops expired ones. */
export async function syncJobs(
  deps: UpworkDeps,
  userId: string,
  filters: JobFilters,
  store: UpworkJobStore,
  { pages = 1, refreshesFeed = true }: SyncJobsOptions = {},
): Promise<UpworkSyncResult> {
  const client = await clientFor(deps, userId);
  const now = nowOf(deps);
  let fetched = 0;
  let created = 0;
  let updated = 0;
  try {
    let after: string | undefined;
    for (let page = 0; page < pages; page++) {
      const result = await client.searchJobs(toUpworkFilter(filters, SYNC_PAGE_SIZE, after));
      const postings = result.edges.map(({ node }) => mapSearchNode(node));
      const saved = await store.save(userId, postings, now);
      fetched += postings.length;
      created += saved.created;
      updated += saved.updated;
      if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) break;
      after = result.pageInfo.endCursor;
    }
  } catch (error) {
    const http = toUpworkHttpError(error);
    await recordSyncOutcome(deps, userId, http.message, refreshesFeed);
    throw http;
  }
  await recordSyncOutcome(deps, userId, null, refreshesFeed);
  const dropped = await store.purgeExpired(userId, now);
  return { fetched, created, updated, dropped };
}

/**
 * The full posting of one Upwork job (screening questions come only with it); null when Upwork
 * no longer has it.
 */
export async function fetchPostingDetails(
  deps: UpworkDeps,
  userId: string,
  externalId: string,
): Promise<ReturnType<typeof postingDetails> | null> {
  const client = await clientFor(deps, userId);
  let posting;
  try {
    posting = await client.getJob(externalId);
  } catch (error) {
    throw toUpworkHttpError(error);
  }
  return posting ? postingDetails(posting) : null;
}
