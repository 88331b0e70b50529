import { and, eq, lt } from 'drizzle-orm';

import type { JobFilters } from '#contract/jobs';
import {
  UPWORK_CONNECTED_SERVICES_URL,
  type UpworkConnection,
  type UpworkSyncResult,
} from '#contract/upwork';

import type { Config } from '../../config.ts';
import { decryptSecret, encryptSecret } from '../../crypto.ts';
import type { Database } from '../../db/client.ts';
import {
  upworkConnections,
  upworkOauthStates,
  type UpworkConnectionRow,
} from '../../db/schema/upwork.ts';
import { HttpError } from '../../http-error.ts';
import { UpworkError } from '../../integrations/upwork/errors.ts';
import {
  UpworkGraphqlClient,
  type UpworkSession,
} from '../../integrations/upwork/graphql-client.ts';
import {
  mapSearchNode,
  postingDetails,
  toUpworkFilter,
} from '../../integrations/upwork/map-job.ts';
import {
  buildAuthorizeUrl,
  exchangeCode,
  hashState,
  newCodeVerifier,
  newState,
  refreshTokens,
  type TokenSet,
} from '../../integrations/upwork/oauth.ts';
import { RateLimiter } from '../../integrations/upwork/rate-limiter.ts';
import { recordActivity } from '../activities/service.ts';
import * as jobsRepo from '../jobs/repo.ts';
import { forgetFreshScores, scoreKeyFor, scoringProfileFor, toNewJobRow } from '../jobs/service.ts';

/**
 * The Upwork connection (issue 4 item 1) and the job sync. Tokens are encrypted with the key
 * from config and never leave this module: not in responses, logs or errors.
 */

const STATE_TTL_MS = 10 * 60_000;
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const SYNC_PAGE_SIZE = 50;

export type UpworkDeps = {
  db: Database;
  config: Config;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  now?: () => Date;
};

const limiters = new WeakMap<Config, RateLimiter>();

/** One limiter per API instance (the limit is per IP): every user's requests share it. */
export function sharedLimiter(config: Config): RateLimiter {
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = new RateLimiter(config.upwork.requestsPerSecond);
    limiters.set(config, limiter);
  }
  return limiter;
}

const nowOf = (deps: UpworkDeps) => (deps.now ? deps.now() : new Date());

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

function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof UpworkError) {
    switch (error.kind) {
      case 'not_configured':
        return new HttpError(503, 'upwork_not_configured', error.message);
      case 'rate_limited':
        return new HttpError(429, 'rate_limited', error.message, {
          retryAfterSeconds: error.retryAfterSeconds,
        });
      case 'invalid_grant':
      case 'unauthorized':
        return new HttpError(409, 'upwork_needs_reauth', error.message);
      case 'scope':
        return new HttpError(409, 'upwork_missing_scope', error.message);
      default:
        return new HttpError(502, 'upwork_unavailable', error.message);
    }
  }
  return new HttpError(
    502,
    'upwork_unavailable',
    'Upwork could not be reached. Try again in a minute.',
  );
}

export async function startConnect(deps: UpworkDeps, userId: string): Promise<string> {
  const state = newState();
  const verifier = newCodeVerifier();
  let url: string;
  try {
    url = buildAuthorizeUrl(deps.config.upwork, state, verifier);
  } catch (error) {
    throw asHttpError(error);
  }
  const now = nowOf(deps);
  // Expired states of anyone are dropped on the way.
  await deps.db.delete(upworkOauthStates).where(lt(upworkOauthStates.expiresAt, now));
  await deps.db.insert(upworkOauthStates).values({
    userId,
    stateHash: hashState(state),
    codeVerifierEnc: encryptSecret(verifier, deps.config.encryptionKey),
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return url;
}

export async function completeConnect(
  deps: UpworkDeps,
  userId: string,
  input: { code: string; state: string },
): Promise<UpworkConnection> {
  const now = nowOf(deps);
  // Single use: the state row is deleted whether or not the rest succeeds. A state issued to
  // another user (or replayed, or expired) matches nothing here.
  const [pending] = await deps.db
    .delete(upworkOauthStates)
    .where(
      and(
        eq(upworkOauthStates.stateHash, hashState(input.state)),
        eq(upworkOauthStates.userId, userId),
      ),
    )
    .returning();
  if (!pending || pending.expiresAt < now) {
    throw new HttpError(
      400,
      'invalid_state',
      'This Upwork authorization is not valid here (it expired, was already used, or was started by another session). Start the connection again.',
    );
  }
  const verifier = decryptSecret(pending.codeVerifierEnc, deps.config.encryptionKey);
  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(
      { config: deps.config.upwork, ...(deps.fetch ? { fetch: deps.fetch } : {}), now: () => now },
      input.code,
      verifier,
    );
  } catch (error) {
    throw asHttpError(error);
  }
  // Who is this, and which organizations can they act for?
  const probe = new UpworkGraphqlClient({
    url: deps.config.upwork.graphqlUrl,
    limiter: deps.limiter,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    session: {
      accessToken: async () => tokens.accessToken,
      refresh: async () => {
        throw new UpworkError(
          'unauthorized',
          'Upwork rejected the new token. Try connecting again.',
        );
      },
    },
  });
  let me;
  try {
    me = await probe.me();
  } catch (error) {
    throw asHttpError(error);
  }
  const organizations = (me.companySelector?.items ?? []).map((item) => ({
    id: item.organizationId,
    title: item.title,
    type: item.typeTitle ?? null,
  }));
  const organizationId = me.organization?.id ?? organizations[0]?.id ?? null;
  const values = {
    userId,
    status: 'connected' as const,
    accessTokenEnc: encryptSecret(tokens.accessToken, deps.config.encryptionKey),
    refreshTokenEnc: encryptSecret(tokens.refreshToken, deps.config.encryptionKey),
    accessExpiresAt: tokens.expiresAt,
    upworkUserId: me.user?.id ?? null,
    upworkUserName: me.user?.name ?? null,
    organizationId,
    organizations,
    connectedAt: now,
    lastError: null,
  };
  const [row] = await deps.db
    .insert(upworkConnections)
    .values(values)
    .onConflictDoUpdate({ target: upworkConnections.userId, set: { ...values, updatedAt: now } })
    .returning();
  await recordActivity(deps.db, {
    userId,
    action: 'connect_upwork',
    details: {
      upworkUserName: values.upworkUserName,
      organizations: organizations.length,
      demo: deps.config.upwork.demo,
    },
  });
  return toConnection(row, deps.config);
}

export async function chooseOrganization(
  deps: UpworkDeps,
  userId: string,
  organizationId: string,
): Promise<UpworkConnection> {
  const row = await connectionRow(deps.db, userId);
  if (!row) throw new HttpError(404, 'not_found', 'Upwork is not connected');
  if (!row.organizations.some((org) => org.id === organizationId)) {
    throw new HttpError(
      400,
      'validation_failed',
      'Choose one of the organizations listed for your Upwork account',
      {
        organizationId: 'unknown organization',
      },
    );
  }
  const [updated] = await deps.db
    .update(upworkConnections)
    .set({ organizationId, updatedAt: nowOf(deps) })
    .where(eq(upworkConnections.userId, userId))
    .returning();
  return toConnection(updated, deps.config);
}

/**
 * Disconnect: the stored tokens are deleted at once and never refreshed again (Upwork has no
 * documented revoke endpoint; the refresh token dies two weeks after its last use). The answer
 * tells the user where to remove the app on Upwork.
 */
export async function disconnect(deps: UpworkDeps, userId: string): Promise<UpworkConnection> {
  const deleted = await deps.db
    .delete(upworkConnections)
    .where(eq(upworkConnections.userId, userId))
    .returning({ id: upworkConnections.id });
  if (deleted.length > 0) {
    await recordActivity(deps.db, { userId, action: 'disconnect_upwork', details: {} });
  }
  return toConnection(undefined, deps.config);
}

// ---------------------------------------------------------------------------------------------
// Tokens and the client

const refreshing = new Map<string, Promise<string>>();

async function markNeedsReauth(deps: UpworkDeps, userId: string, message: string) {
  await deps.db
    .update(upworkConnections)
    .set({
      status: 'needs_reauth',
      accessTokenEnc: null,
      refreshTokenEnc: null,
      accessExpiresAt: null,
      lastError: message,
      updatedAt: nowOf(deps),
    })
    .where(eq(upworkConnections.userId, userId));
}

/** One refresh in flight per user; the rotated refresh token is saved before anyone uses it. */
function refreshFor(deps: UpworkDeps, userId: string): Promise<string> {
  const inFlight = refreshing.get(userId);
  if (inFlight) return inFlight;
  const task = (async () => {
    const row = await connectionRow(deps.db, userId);
    if (!row?.refreshTokenEnc)
      throw new UpworkError('unauthorized', 'Upwork is not connected. Connect it in Settings.');
    let tokens: TokenSet;
    try {
      tokens = await refreshTokens(
        {
          config: deps.config.upwork,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          now: () => nowOf(deps),
        },
        decryptSecret(row.refreshTokenEnc, deps.config.encryptionKey),
      );
    } catch (error) {
      if (error instanceof UpworkError && error.kind === 'invalid_grant')
        await markNeedsReauth(deps, userId, error.message);
      throw error;
    }
    await deps.db
      .update(upworkConnections)
      .set({
        accessTokenEnc: encryptSecret(tokens.accessToken, deps.config.encryptionKey),
        refreshTokenEnc: encryptSecret(tokens.refreshToken, deps.config.encryptionKey),
        accessExpiresAt: tokens.expiresAt,
        status: 'connected',
        updatedAt: nowOf(deps),
      })
      .where(eq(upworkConnections.userId, userId));
    return tokens.accessToken;
  })();
  refreshing.set(userId, task);
  void task.then(
    () => refreshing.delete(userId),
    () => refreshing.delete(userId),
  );
  return task;
}

export async function clientFor(deps: UpworkDeps, userId: string): Promise<UpworkGraphqlClient> {
  const row = await connectionRow(deps.db, userId);
  if (!row)
    throw new HttpError(
      409,
      'upwork_not_connected',
      'Connect Upwork in Settings to search its jobs, or add jobs by hand.',
    );
  if (row.status !== 'connected' || !row.accessTokenEnc) {
    throw new HttpError(
      409,
      'upwork_needs_reauth',
      row.lastError ?? 'Upwork needs to be connected again. Open Settings and connect Upwork.',
    );
  }
  const session: UpworkSession = {
    tenantId: row.organizationId,
    accessToken: async () => {
      const current = await connectionRow(deps.db, userId);
      const expires = current?.accessExpiresAt?.getTime() ?? 0;
      if (!current?.accessTokenEnc || expires - REFRESH_MARGIN_MS <= nowOf(deps).getTime())
        return refreshFor(deps, userId);
      return decryptSecret(current.accessTokenEnc, deps.config.encryptionKey);
    },
    refresh: () => refreshFor(deps, userId),
  };
  return new UpworkGraphqlClient({
    url: deps.config.upwork.graphqlUrl,
    session,
    limiter: deps.limiter,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
}

async function recordSyncOutcome(deps: UpworkDeps, userId: string, error: string | null) {
  await deps.db
    .update(upworkConnections)
    .set(
      error
        ? { lastError: error, updatedAt: nowOf(deps) }
        : { lastError: null, lastSyncAt: nowOf(deps), updatedAt: nowOf(deps) },
    )
    .where(eq(upworkConnections.userId, userId));
}

/** Fetches Upwork jobs for these filters, upserts and scores them, and drops expired ones. */
export async function syncJobs(
  deps: UpworkDeps,
  userId: string,
  filters: JobFilters,
  pages = 1,
): Promise<UpworkSyncResult> {
  const client = await clientFor(deps, userId);
  const now = nowOf(deps);
  const profile = await scoringProfileFor(deps.db, userId);
  const key = scoreKeyFor(profile);
  let fetched = 0;
  let created = 0;
  let updated = 0;
  try {
    let after: string | undefined;
    for (let page = 0; page < pages; page++) {
      const result = await client.searchJobs(toUpworkFilter(filters, SYNC_PAGE_SIZE, after));
      const rows = result.edges.map(({ node }) => {
        const mapped = mapSearchNode(node);
        return toNewJobRow(userId, 'upwork', mapped.externalId, mapped, profile, key, now);
      });
      const upserted = await jobsRepo.upsertJobRows(deps.db, rows);
      fetched += rows.length;
      created += upserted.created;
      updated += upserted.updated;
      if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) break;
      after = result.pageInfo.endCursor;
    }
  } catch (error) {
    const http = asHttpError(error);
    await recordSyncOutcome(deps, userId, http.message);
    throw http;
  }
  await recordSyncOutcome(deps, userId, null);
  const dropped = await jobsRepo.purgeExpiredUpworkJobs(deps.db, now, userId);
  return { fetched, created, updated, dropped };
}

/** Reads the full posting once (screening questions) when an Upwork job is opened. */
export async function fetchJobDetails(
  deps: UpworkDeps,
  userId: string,
  jobId: string,
  externalId: string,
): Promise<void> {
  const client = await clientFor(deps, userId);
  let posting;
  try {
    posting = await client.getJob(externalId);
  } catch (error) {
    throw asHttpError(error);
  }
  const now = nowOf(deps);
  if (!posting) {
    await jobsRepo.updateJobRow(deps.db, userId, jobId, { detailsFetchedAt: now });
    return;
  }
  const details = postingDetails(posting);
  await jobsRepo.updateJobRow(deps.db, userId, jobId, {
    screeningQuestions: details.screeningQuestions,
    ...(details.description ? { description: details.description } : {}),
    detailsFetchedAt: now,
    // Questions can carry prompt traps: score again on the next read.
    scoreKey: null,
  });
  forgetFreshScores(userId);
}
