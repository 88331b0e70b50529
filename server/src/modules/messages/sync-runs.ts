import type { MessageSyncResult } from '#contract/messages';

import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';
import type { UserRound } from '../../jobs/job-queue.ts';
import { recordActivity } from '../activities/service.ts';
import { connectedUpworkUserIds } from '../upwork/service.ts';
import { runMessageSync, type MessageDeps } from './sync.ts';

/*
 * When a sync runs: the poller goes through the connected users one at a time, a user's refresh
 * joins the sync already running for them instead of starting a second, and a refresh right after
 * another one is refused for a few seconds (Upwork's rate limit is shared by every user).
 */

/** A manual refresh may follow the previous one after this long. */
export const REFRESH_COOLDOWN_MS = 5_000;

type Runs = { running: Map<string, Promise<MessageSyncResult>>; lastRefresh: Map<string, number> };
const runsByDatabase = new WeakMap<Database, Runs>();

function runsOf(db: Database): Runs {
  let runs = runsByDatabase.get(db);
  if (!runs) {
    runs = { running: new Map(), lastRefresh: new Map() };
    runsByDatabase.set(db, runs);
  }
  return runs;
}

function startRun(deps: MessageDeps, userId: string): Promise<MessageSyncResult> {
  const { running } = runsOf(deps.db);
  const existing = running.get(userId);
  if (existing) return existing;
  const run = runMessageSync(deps, userId).finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}

export type SyncReason = 'poll' | 'refresh';

/**
 * Syncs one user's rooms. A refresh is logged (refresh_messages) and answers Upwork's errors as
 * they are; it is refused with 429 when the previous refresh was moments ago.
 */
export async function syncMessages(
  deps: MessageDeps,
  userId: string,
  options: { reason: SyncReason; userAgent?: string | undefined },
): Promise<MessageSyncResult> {
  if (options.reason === 'poll') return startRun(deps, userId);
  const { lastRefresh } = runsOf(deps.db);
  const now = Date.now();
  const last = lastRefresh.get(userId);
  if (last !== undefined && now - last < REFRESH_COOLDOWN_MS) {
    const retryAfterSeconds = Math.ceil((REFRESH_COOLDOWN_MS - (now - last)) / 1000);
    throw new HttpError(
      429,
      'rate_limited',
      `Messages were checked a moment ago. Try again in ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
    );
  }
  lastRefresh.set(userId, now);
  try {
    const result = await startRun(deps, userId);
    await recordActivity(deps.db, {
      userId,
      action: 'refresh_messages',
      details: { ...result },
      userAgent: options.userAgent,
    });
    return result;
  } catch (error) {
    if (error instanceof HttpError) {
      await recordActivity(deps.db, {
        userId,
        action: 'refresh_messages',
        details: { error: error.code },
        userAgent: options.userAgent,
      });
    }
    throw error;
  }
}

/**
 * The poller's round: one job per connected user, each joining a sync already running for that
 * user. A failure is kept as that user's lastError; the queue retries it, then the next round.
 */
export function messagePollRound(deps: MessageDeps): UserRound {
  return {
    users: () => connectedUpworkUserIds(deps.db),
    run: (userId) => startRun(deps, userId),
  };
}
