import { eq } from 'drizzle-orm';

import { decryptSecret, encryptSecret } from '../../crypto.ts';
import { upworkConnections } from '../../db/schema/upwork.ts';
import { HttpError } from '../../http-error.ts';
import { UpworkError } from '../../integrations/upwork/errors.ts';
import {
  UpworkGraphqlClient,
  type UpworkSession,
} from '../../integrations/upwork/graphql-client.ts';
import { refreshTokens, type TokenSet } from '../../integrations/upwork/oauth.ts';
import { connectionRow } from './connection.ts';
import { nowOf, type UpworkDeps } from './deps.ts';

/**
 * The stored tokens behind an Upwork client: refreshed ahead of expiry, one refresh in flight
 * per user. Tokens are encrypted with the key from config and never leave this area.
 */

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

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
