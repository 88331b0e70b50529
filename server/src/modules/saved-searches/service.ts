import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type {
  CreateSavedSearchBody,
  SavedSearch,
  UpdateSavedSearchBody,
  WebhookTestResult,
} from '#contract/saved-searches';

import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { jobMatches, savedSearches, type SavedSearchRow } from '../../db/schema/saved-searches.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { UserRound } from '../../jobs/job-queue.ts';
import type { EventBus } from '../../plugins/events.ts';
import { recordActivity } from '../activities/service.ts';
import { notifyUser } from '../notifications/service.ts';
import { getProfileRow } from '../profile/service.ts';
import {
  newestMatchingJobs,
  purgeExpiredUpworkJobs,
  rescoreStale,
  upworkJobStore,
} from '../jobs/service.ts';
import { isUpworkConnected, syncJobs, type UpworkDeps } from '../upwork/service.ts';
import {
  alertText,
  deliverAlert,
  testWebhook,
  toWebhookView,
  webhookColumns,
} from './saved-search-webhook.ts';

/** Saved searches: CRUD scoped to the owner, and the alert poller. */

const MAX_SAVED_SEARCHES = 100;
/** How many of the newest matches a poll looks at. */
const POLL_WINDOW = 50;

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    alert: row.alert,
    webhook: toWebhookView(row),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastMatchAt: row.lastMatchAt?.toISOString() ?? null,
    newMatches: row.newMatches,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(sql`lower(${savedSearches.name})`))
    .limit(MAX_SAVED_SEARCHES);
  return rows.map(toSavedSearch);
}

async function requireSavedSearch(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedSearchRow> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .limit(1);
  if (!rows[0]) throw notFound('Saved search');
  return rows[0];
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

const duplicateName = (name: string) =>
  new HttpError(
    409,
    'conflict',
    `You already have a saved search called “${name}”. Choose another name.`,
    {
      name: 'already used',
    },
  );

export async function createSavedSearch(
  db: Database,
  config: Config,
  userId: string,
  body: CreateSavedSearchBody,
): Promise<SavedSearch> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  if (n >= MAX_SAVED_SEARCHES) {
    throw new HttpError(
      400,
      'validation_failed',
      `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one first.`,
    );
  }
  const webhook = body.webhookUrl ? await webhookColumns(body.webhookUrl, config) : {};
  try {
    const [row] = await db
      .insert(savedSearches)
      .values({
        userId,
        name: body.name,
        filters: body.filters,
        alert: body.alert ?? false,
        ...webhook,
      })
      .returning();
    if (!row) throw new Error('saved search insert returned nothing');
    // The webhook URL is a credential: the log says only whether there is one.
    await recordActivity(db, {
      userId,
      action: 'save_saved_search',
      searchName: row.name,
      details: {
        id: row.id,
        alert: row.alert,
        filters: row.filters,
        webhook: row.webhookUrlEncrypted ? 'set' : undefined,
      },
    });
    return toSavedSearch(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name);
    throw error;
  }
}

export async function updateSavedSearch(
  db: Database,
  config: Config,
  userId: string,
  id: string,
  body: UpdateSavedSearchBody,
): Promise<SavedSearch> {
  const existing = await requireSavedSearch(db, userId, id);
  const webhook =
    body.webhookUrl !== undefined ? await webhookColumns(body.webhookUrl, config) : {};
  try {
    const filtersChanged = body.filters !== undefined;
    const [row] = await db
      .update(savedSearches)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.filters !== undefined ? { filters: body.filters } : {}),
        ...(body.alert !== undefined ? { alert: body.alert } : {}),
        ...webhook,
        // New filters: the next poll starts from the current matches without notifying.
        ...(filtersChanged ? { lastCheckedAt: null, newMatches: 0 } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(savedSearches.id, existing.id), eq(savedSearches.userId, userId)))
      .returning();
    if (!row) throw notFound('Saved search');
    if (filtersChanged) await db.delete(jobMatches).where(eq(jobMatches.savedSearchId, row.id));
    await recordActivity(db, {
      userId,
      action: 'save_saved_search',
      searchName: row.name,
      details: {
        id: row.id,
        alert: row.alert,
        renamedFrom: body.name && body.name !== existing.name ? existing.name : undefined,
        webhook: body.webhookUrl === undefined ? undefined : body.webhookUrl ? 'set' : 'removed',
      },
    });
    return toSavedSearch(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name ?? existing.name);
    throw error;
  }
}

export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<void> {
  const row = await requireSavedSearch(db, userId, id);
  await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, row.id), eq(savedSearches.userId, userId)));
  await recordActivity(db, {
    userId,
    action: 'delete_saved_search',
    searchName: row.name,
    details: { id: row.id },
  });
}

/** Posts a test message to the search's webhook and records how it went. */
export async function testSavedSearchWebhook(
  db: Database,
  config: Config,
  userId: string,
  id: string,
): Promise<WebhookTestResult> {
  return testWebhook(db, config, await requireSavedSearch(db, userId, id));
}

/** Loading a search: the SPA applies its filters; the unseen-match counter is cleared. */
export async function loadSavedSearch(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedSearch> {
  const existing = await requireSavedSearch(db, userId, id);
  const [row] = await db
    .update(savedSearches)
    .set({ newMatches: 0, updatedAt: new Date() })
    .where(and(eq(savedSearches.id, existing.id), eq(savedSearches.userId, userId)))
    .returning();
  await recordActivity(db, {
    userId,
    action: 'load_saved_search',
    searchName: existing.name,
    details: { id: existing.id },
  });
  return toSavedSearch(row ?? existing);
}

// ---------------------------------------------------------------------------------------------
// The poller

export type PollDeps = UpworkDeps & {
  events: EventBus;
  log?: { warn: (obj: object, msg: string) => void };
};

export type PollResult = {
  searches: number;
  notified: number;
  newMatches: number;
  dropped: number;
};

/**
 * One pass over every alerting saved search: the shared upkeep, then each owner's searches. The
 * background schedule runs the same steps as a round of per-user jobs (savedSearchAlertRound).
 */
export async function pollSavedSearches(deps: PollDeps, now = new Date()): Promise<PollResult> {
  const result: PollResult = { searches: 0, notified: 0, newMatches: 0, dropped: 0 };
  result.dropped = await purgeExpiredUpworkJobs(deps.db, now);
  for (const userId of await alertingUserIds(deps.db)) {
    const own = await pollUserSavedSearches(deps, userId, now);
    result.searches += own.searches;
    result.notified += own.notified;
    result.newMatches += own.newMatches;
  }
  return result;
}

/** The schedule's round: upkeep once, then one job per user with an alerting search. */
export function savedSearchAlertRound(deps: PollDeps): UserRound {
  return {
    users: async () => {
      await purgeExpiredUpworkJobs(deps.db, new Date());
      return alertingUserIds(deps.db);
    },
    run: (userId) => pollUserSavedSearches(deps, userId, new Date()),
  };
}

async function alertingUserIds(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(eq(savedSearches.alert, true));
  return rows.map((row) => row.userId);
}

/**
 * One user's alerting searches, least recently checked first. Each runs as its owner: the sync,
 * the query and the matches are scoped to the user's id. The first pass of a search records what
 * matches without notifying; later passes notify about jobs not seen before.
 */
async function pollUserSavedSearches(
  deps: PollDeps,
  userId: string,
  now: Date,
): Promise<Omit<PollResult, 'dropped'>> {
  const result = { searches: 0, notified: 0, newMatches: 0 };
  const searches = await deps.db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.alert, true)))
    .orderBy(asc(savedSearches.lastCheckedAt));
  // Webhook posts run beside the pass, so a slow one holds up no other search; the pass ends
  // when they have settled (each is bounded by its timeout and records its own failure).
  const deliveries: Array<Promise<void>> = [];
  for (const search of searches) {
    result.searches += 1;
    try {
      const found = await pollOne(deps, search, now, deliveries);
      result.newMatches += found;
      if (found > 0) result.notified += 1;
    } catch (error) {
      deps.log?.warn(
        { err: error instanceof Error ? error.message : 'unknown', savedSearchId: search.id },
        'saved search poll failed',
      );
    }
  }
  await Promise.allSettled(deliveries);
  return result;
}

async function pollOne(
  deps: PollDeps,
  search: SavedSearchRow,
  now: Date,
  deliveries: Array<Promise<void>>,
): Promise<number> {
  const userId = search.userId;
  if (await isUpworkConnected(deps.db, userId)) {
    try {
      await syncJobs(deps, userId, search.filters, upworkJobStore(deps.db), {
        refreshesFeed: false,
      });
    } catch (error) {
      // Recorded on the connection (lastError); the search still runs on stored jobs.
      deps.log?.warn(
        { err: error instanceof Error ? error.message : 'unknown', userId },
        'saved search sync failed',
      );
    }
  }
  await rescoreStale(deps.db, userId, now);
  const newest = await newestMatchingJobs(deps.db, userId, search.filters, POLL_WINDOW, now);
  const ids = newest.map((row) => row.id);
  let fresh: string[] = [];
  if (ids.length > 0) {
    const seen = await deps.db
      .select({ jobId: jobMatches.jobId })
      .from(jobMatches)
      .where(and(eq(jobMatches.savedSearchId, search.id), inArray(jobMatches.jobId, ids)));
    const seenIds = new Set(seen.map((m) => m.jobId));
    fresh = ids.filter((id) => !seenIds.has(id));
  }
  const firstPass = search.lastCheckedAt === null;
  const candidates = firstPass
    ? fresh.filter((id) =>
        appearedSince(
          newest.find((row) => row.id === id),
          search.updatedAt,
        ),
      )
    : fresh;
  // Another process polling the same search at the same moment records some of these first; only
  // the matches this pass inserted are its news, so an alert goes out once.
  const recorded =
    fresh.length > 0
      ? await recordMatches(deps.db, search, fresh, new Set(candidates), now)
      : new Set<string>();
  const news = candidates.filter((id) => recorded.has(id));
  const notify = news.length > 0;
  await deps.db
    .update(savedSearches)
    .set({
      lastCheckedAt: now,
      ...(notify
        ? { lastMatchAt: now, newMatches: sql`${savedSearches.newMatches} + ${news.length}` }
        : {}),
      updatedAt: now,
    })
    .where(and(eq(savedSearches.id, search.id), eq(savedSearches.userId, userId)));
  if (!notify) return 0;

  const profile = await getProfileRow(deps.db, userId);
  if (profile && !profile.notifyOnSavedSearchMatches) return news.length;
  const top = newest.find((row) => row.id === news[0]);
  await notifyUser(
    deps.db,
    deps.events,
    {
      userId,
      kind: 'saved_search_match',
      title: `${news.length} new ${news.length === 1 ? 'job' : 'jobs'} for “${search.name}”`,
      body: top
        ? `${top.title}${top.fitScore !== null ? ` (fit ${top.fitScore})` : ''}`
        : 'Open the saved search to see them.',
      link: `/upwork-jobs?saved=${search.id}`,
    },
    now,
  );
  deliveries.push(deliverAlert(deps, search, alertText(search.name, top, news.length)));
  return news.length;
}

/**
 * The first pass of a search learns what already matched. A job posted (or added) after the
 * search began watching is still news then: it appeared while the alert was on.
 */
function appearedSince(row: { postedAt: Date | null; createdAt: Date } | undefined, since: Date) {
  if (!row) return false;
  return (row.postedAt ?? row.createdAt).getTime() >= since.getTime();
}

async function recordMatches(
  db: Database,
  search: SavedSearchRow,
  jobIds: string[],
  notified: Set<string>,
  now: Date,
): Promise<Set<string>> {
  const inserted = await db
    .insert(jobMatches)
    .values(
      jobIds.map((jobId) => ({
        userId: search.userId,
        savedSearchId: search.id,
        jobId,
        notifiedAt: notified.has(jobId) ? now : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ jobId: jobMatches.jobId });
  return new Set(inserted.map((row) => row.jobId));
}
