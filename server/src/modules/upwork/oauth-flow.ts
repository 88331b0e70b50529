import { and, eq, lt } from 'drizzle-orm';

import type { UpworkConnection } from '#contract/upwork';

import { decryptSecret, encryptSecret } from '../../crypto.ts';
import { upworkConnections, upworkOauthStates } from '../../db/schema/upwork.ts';
import { HttpError } from '../../http-error.ts';
import { UpworkError } from '../../integrations/upwork/errors.ts';
import { UpworkGraphqlClient } from '../../integrations/upwork/graphql-client.ts';
import {
  buildAuthorizeUrl,
  exchangeCode,
  hashState,
  newCodeVerifier,
  newState,
  type TokenSet,
} from '../../integrations/upwork/oauth.ts';
import { recordActivity } from '../activities/service.ts';
import { connectionRow, toConnection } from './connection.ts';
import { nowOf, type UpworkDeps } from './deps.ts';
import { toUpworkHttpError } from './upwork-http-error.ts';

/**
 * Connecting Upwork (OAuth with a single-use state), choosing the organization, disconnecting.
 * Tokens are encrypted with the key from config and never leave this area: not in responses,
 * logs or errors.
 */

const STATE_TTL_MS = 10 * 60_000;

export async function startConnect(deps: UpworkDeps, userId: string): Promise<string> {
  const state = newState();
  const verifier = newCodeVerifier();
  let url: string;
  try {
    url = buildAuthorizeUrl(deps.config.upwork, state, verifier);
  } catch (error) {
    throw toUpworkHttpError(error);
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

/** Single use: the state row is deleted whether or not the rest succeeds. */
async function takePendingVerifier(
  deps: UpworkDeps,
  userId: string,
  state: string,
  now: Date,
): Promise<string> {
  // A state issued to another user (or replayed, or expired) matches nothing here.
  const [pending] = await deps.db
    .delete(upworkOauthStates)
    .where(
      and(eq(upworkOauthStates.stateHash, hashState(state)), eq(upworkOauthStates.userId, userId)),
    )
    .returning();
  if (!pending || pending.expiresAt < now) {
    throw new HttpError(
      400,
      'invalid_state',
      'This Upwork authorization is not valid here (it expired, was already used, or was started by another session). Start the connection again.',
    );
  }
  return decryptSecret(pending.codeVerifierEnc, deps.config.encryptionKey);
}

/** Who is this, and which organizations can they act for? */
async function probeIdentity(deps: UpworkDeps, tokens: TokenSet) {
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
    throw toUpworkHttpError(error);
  }
  const organizations = (me.companySelector?.items ?? []).map((item) => ({
    id: item.organizationId,
    title: item.title,
    type: item.typeTitle ?? null,
  }));
  const organizationId = me.organization?.id ?? organizations[0]?.id ?? null;
  return { me, organizations, organizationId };
}

export async function completeConnect(
  deps: UpworkDeps,
  userId: string,
  input: { code: string; state: string },
): Promise<UpworkConnection> {
  const now = nowOf(deps);
  const verifier = await takePendingVerifier(deps, userId, input.state, now);
  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(
      { config: deps.config.upwork, ...(deps.fetch ? { fetch: deps.fetch } : {}), now: () => now },
      input.code,
      verifier,
    );
  } catch (error) {
    throw toUpworkHttpError(error);
  }
  const { me, organizations, organizationId } = await probeIdentity(deps, tokens);
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
