import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { UpworkConnection } from '#contract/upwork';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';

import { activities } from '../../db/schema/activities.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { upworkConnections } from '../../db/schema/upwork.ts';
import { sharedLimiter } from './service.ts';

let sandbox: UpworkSandbox;
let h: Harness;
let alice: SignedIn;
let bob: SignedIn;
const logLines: string[] = [];

beforeAll(async () => {
  sandbox = await startUpworkSandbox({ jobCount: 150 });
  h = await createHarness({
    logLines,
    env: {
      UPWORK_CLIENT_ID: sandbox.clientId,
      UPWORK_CLIENT_SECRET: sandbox.clientSecret,
      UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
      UPWORK_TOKEN_URL: sandbox.tokenUrl,
      UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
      UPWORK_REQUESTS_PER_SECOND: '50',
      SAVED_SEARCH_POLL_SECONDS: '0',
    },
  });
  alice = await h.signIn({ modules: ['upwork'] });
  bob = await h.signIn({ modules: ['upwork'] });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

const call = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** Starts the flow and follows the sandbox's redirect, as the browser would. */
async function authorize(who: SignedIn): Promise<{ code: string; state: string }> {
  const start = await call(who, 'POST', '/api/upwork/connect');
  expect(start.statusCode).toBe(200);
  const redirect = await fetch(start.json<{ authorizeUrl: string }>().authorizeUrl, {
    redirect: 'manual',
  });
  const location = new URL(redirect.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
  };
}

async function connect(who: SignedIn): Promise<UpworkConnection> {
  const response = await call(who, 'POST', '/api/upwork/callback', await authorize(who));
  expect(response.statusCode).toBe(200);
  return response.json<UpworkConnection>();
}

async function storedConnection(userId: string) {
  const [row] = await h.database.db
    .select()
    .from(upworkConnections)
    .where(eq(upworkConnections.userId, userId));
  return row;
}

describe('Upwork connection', () => {
  it('needs the upwork module', async () => {
    const outsider = await h.signIn({ modules: [] });
    const response = await call(outsider, 'GET', '/api/upwork/connection');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('module_not_enabled');
  });

  it('starts as not connected, with the place to remove the app', async () => {
    const response = await call(alice, 'GET', '/api/upwork/connection');
    expect(response.json()).toMatchObject({
      status: 'not_connected',
      removeAppUrl: expect.stringContaining('upwork.com'),
    });
  });

  it('the authorize URL carries our client, callback, a state and PKCE', async () => {
    const response = await call(alice, 'POST', '/api/upwork/connect');
    const url = new URL(response.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(url.origin + url.pathname).toBe(sandbox.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(sandbox.clientId);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('connects: organizations listed, tokens stored encrypted and never sent to the browser', async () => {
    const connection = await connect(alice);
    expect(connection).toMatchObject({
      status: 'connected',
      upworkUserName: 'Dana Demo',
      organizationId: '1111111111111111111',
    });
    expect(connection.organizations.map((o) => o.title)).toEqual(['Dana Demo', 'Demo Agency LLC']);
    const body = JSON.stringify(connection);
    const row = await storedConnection(alice.user.id);
    expect(row?.accessTokenEnc).toMatch(/^v2\./);
    const { access, refresh } = sandbox.issuedTokens();
    for (const token of [...access, ...refresh]) {
      expect(body).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(token);
    }
    const logged = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, alice.user.id), eq(activities.action, 'connect_upwork')));
    expect(logged).toHaveLength(1);
  });

  it('a replayed state, or one issued to another user, is refused with 400', async () => {
    const mine = await authorize(bob);
    const foreign = await call(alice, 'POST', '/api/upwork/callback', mine);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('invalid_state');
    // The foreign attempt did not consume it: its owner can still finish, once.
    const own = await call(bob, 'POST', '/api/upwork/callback', mine);
    expect(own.statusCode).toBe(200);
    const replay = await call(bob, 'POST', '/api/upwork/callback', mine);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid_state');
    const missing = await call(bob, 'POST', '/api/upwork/callback', { code: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_failed');
  });

  it('chooses an organization from the list, and refuses others', async () => {
    const ok = await call(alice, 'PATCH', '/api/upwork/connection', {
      organizationId: '2222222222222222222',
    });
    expect(ok.json().organizationId).toBe('2222222222222222222');
    const bad = await call(alice, 'PATCH', '/api/upwork/connection', { organizationId: '999' });
    expect(bad.statusCode).toBe(400);
    const dave = await h.signIn({ modules: ['upwork'] });
    const notConnected = await call(dave, 'PATCH', '/api/upwork/connection', {
      organizationId: '2222222222222222222',
    });
    expect(notConnected.statusCode).toBe(404);
  });

  it('syncs jobs into the caller’s list, with the tenant header, and records the last sync', async () => {
    const response = await call(alice, 'POST', '/api/upwork/sync', { q: 'React OR Flutter' });
    expect(response.statusCode).toBe(200);
    const result = response.json<{ fetched: number; created: number }>();
    expect(result.fetched).toBeGreaterThan(0);
    expect(result.created).toBe(result.fetched);
    expect(
      sandbox.requests.filter((r) => r.operation === 'marketplaceJobPostingsSearch').at(-1)
        ?.tenantId,
    ).toBe('2222222222222222222');
    const again = await call(alice, 'POST', '/api/upwork/sync', { q: 'React OR Flutter' });
    expect(again.json()).toMatchObject({ created: 0, updated: result.fetched });
    const status = await call(alice, 'GET', '/api/upwork/connection');
    expect(status.json().lastSyncAt).not.toBeNull();
    const stored = await h.database.db.select().from(jobs).where(eq(jobs.userId, alice.user.id));
    expect(stored).toHaveLength(result.fetched);
    expect(stored.every((j) => j.source === 'upwork' && j.fitScore !== null)).toBe(true);
  });

  it('an Upwork job opened in full brings its screening questions', async () => {
    const withQuestions = sandbox.jobs.find(
      (j) => j.screeningQuestions.length > 0 && /react|flutter/i.test(j.title + j.description),
    );
    expect(withQuestions).toBeDefined();
    const [row] = await h.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, alice.user.id), eq(jobs.externalId, withQuestions!.id)));
    const detail = await call(alice, 'GET', `/api/jobs/${row!.id}`);
    expect(detail.json().screeningQuestions).toEqual(withQuestions!.screeningQuestions);
  });

  it('refreshes an expired token once, saving the rotated refresh token', async () => {
    const before = await storedConnection(alice.user.id);
    sandbox.expireAccessTokens();
    const response = await call(alice, 'POST', '/api/upwork/sync', { q: 'Python' });
    expect(response.statusCode).toBe(200);
    const after = await storedConnection(alice.user.id);
    expect(after?.refreshTokenEnc).not.toBe(before?.refreshTokenEnc);
    expect(sandbox.requests.filter((r) => r.grantType === 'refresh_token')).toHaveLength(1);
  });

  it('a missing scope answers 409 with what to change, and is shown as the last error', async () => {
    sandbox.setMissingScope(true);
    try {
      const response = await call(alice, 'POST', '/api/upwork/sync', {});
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'upwork_missing_scope',
        message: expect.stringMatching(/API Center/),
      });
      expect((await call(alice, 'GET', '/api/upwork/connection')).json().lastError).toMatch(
        /API Center/,
      );
    } finally {
      sandbox.setMissingScope(false);
    }
  });

  it('a long 429 answers 429 at once, for every user of this server, until the wait is over', async () => {
    sandbox.failNext({ status: 429, retryAfter: 2 });
    const limited = sharedLimiter(h.config);
    const first = await call(alice, 'POST', '/api/upwork/sync', {});
    expect(first.statusCode).toBe(200);
    limited.pauseFor(60_000);
    const started = Date.now();
    const second = await call(alice, 'POST', '/api/upwork/sync', {});
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toMatch(/try again in 60 s/);
    expect(Date.now() - started).toBeLessThan(2_000);
    limited.clearPause();
  });

  it('a revoked grant marks the connection for re-authorization, with no retry loop', async () => {
    sandbox.revokeRefreshTokens();
    sandbox.expireAccessTokens();
    const refreshesBefore = sandbox.requests.filter((r) => r.grantType === 'refresh_token').length;
    const response = await call(bob, 'POST', '/api/upwork/sync', {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('upwork_needs_reauth');
    expect(
      sandbox.requests.filter((r) => r.grantType === 'refresh_token').length - refreshesBefore,
    ).toBe(1);
    const row = await storedConnection(bob.user.id);
    expect(row).toMatchObject({
      status: 'needs_reauth',
      accessTokenEnc: null,
      refreshTokenEnc: null,
    });
    const again = await call(bob, 'POST', '/api/upwork/sync', {});
    expect(again.statusCode).toBe(409);
    expect(
      sandbox.requests.filter((r) => r.grantType === 'refresh_token').length - refreshesBefore,
    ).toBe(1);
  });

  it('sync without a connection says how to connect', async () => {
    const carol = await h.signIn({ modules: ['upwork'] });
    const response = await call(carol, 'POST', '/api/upwork/sync', {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('upwork_not_connected');
  });

  it('disconnect deletes the tokens, keeps the jobs acted on, removes the rest, and logs disconnect_upwork', async () => {
    const stored = await h.database.db.select().from(jobs).where(eq(jobs.userId, alice.user.id));
    const [applied, hidden, manual] = stored;
    expect(stored.length).toBeGreaterThan(3);
    await call(alice, 'PATCH', `/api/jobs/${applied!.id}`, { applied: true });
    await call(alice, 'PATCH', `/api/jobs/${hidden!.id}`, { hidden: true });
    // A job the user added by hand is theirs, not the connection's.
    await h.database.db.update(jobs).set({ source: 'manual' }).where(eq(jobs.id, manual!.id));

    const preview = await call(alice, 'GET', '/api/upwork/connection/disconnect-preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ keepJobs: 1, removeJobs: stored.length - 2 });
    expect(
      (await call(bob, 'GET', '/api/upwork/connection/disconnect-preview')).json(),
    ).toMatchObject({ keepJobs: 0 });

    const response = await call(alice, 'DELETE', '/api/upwork/connection');
    expect(response.json()).toMatchObject({ status: 'not_connected' });
    expect(await storedConnection(alice.user.id)).toBeUndefined();
    const left = await h.database.db.select().from(jobs).where(eq(jobs.userId, alice.user.id));
    expect(left.map((j) => j.id).sort()).toEqual([applied!.id, manual!.id].sort());
    const logged = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, alice.user.id), eq(activities.action, 'disconnect_upwork')));
    expect(logged).toHaveLength(1);
  });

  it('no token ever reaches the logs', () => {
    const all = logLines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toMatch(/oauth2v2_sbx/);
    expect(all).not.toMatch(/Bearer /);
  });
});
