import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';
import { generateSandboxJobs } from '#test-support/upwork-sandbox-jobs';

import type { UpworkConfig } from '../../config.ts';
import { UpworkError } from './errors.ts';
import { UpworkGraphqlClient, parseRetryAfter, type UpworkSession } from './graphql-client.ts';
import { mapSearchNode, moneyToMinor, toUpworkFilter } from './map-job.ts';
import {
  buildAuthorizeUrl,
  exchangeCode,
  newCodeVerifier,
  newState,
  refreshTokens,
  type TokenSet,
} from './oauth.ts';
import { RateLimiter } from './rate-limiter.ts';

let sandbox: UpworkSandbox;
let config: UpworkConfig;

beforeAll(async () => {
  sandbox = await startUpworkSandbox({ jobCount: 120 });
  config = {
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    redirectUri: 'http://localhost:3000/settings/account',
    authorizeUrl: sandbox.authorizeUrl,
    tokenUrl: sandbox.tokenUrl,
    graphqlUrl: sandbox.graphqlUrl,
    demo: true,
    requestsPerSecond: 50,
    savedSearchPollSeconds: 0,
    messagePollSeconds: 0,
    transactionSyncSeconds: 0,
  };
});
afterAll(async () => sandbox.close());

async function connect(): Promise<TokenSet> {
  const verifier = newCodeVerifier();
  const state = newState();
  const response = await fetch(buildAuthorizeUrl(config, state, verifier), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin + location.pathname).toBe(config.redirectUri);
  expect(location.searchParams.get('state')).toBe(state);
  return exchangeCode({ config }, location.searchParams.get('code') ?? '', verifier);
}

function sessionFor(
  tokens: TokenSet,
  tenantId: string | null = null,
): UpworkSession & { refreshes: number } {
  const session = {
    refreshes: 0,
    tenantId,
    accessToken: async () => tokens.accessToken,
    refresh: async () => {
      session.refreshes += 1;
      tokens = await refreshTokens({ config }, tokens.refreshToken);
      return tokens.accessToken;
    },
  };
  return session;
}

const clientFor = (session: UpworkSession) =>
  new UpworkGraphqlClient({
    url: config.graphqlUrl,
    session,
    limiter: new RateLimiter(50),
    maxWaitSeconds: 1,
  });

describe('OAuth', () => {
  it('builds the authorize URL with client, redirect, state and a PKCE challenge', () => {
    const url = new URL(buildAuthorizeUrl(config, 'state-123', 'verifier'));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      state: 'state-123',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code, and refresh rotates the refresh token (the old one stops working)', async () => {
    const first = await connect();
    expect(first.accessToken).toMatch(/^oauth2v2_/);
    expect(first.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    const second = await refreshTokens({ config }, first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(refreshTokens({ config }, first.refreshToken)).rejects.toMatchObject({
      kind: 'invalid_grant',
    });
  });

  it('a code used twice, or with the wrong PKCE verifier, is refused', async () => {
    const verifier = newCodeVerifier();
    const response = await fetch(buildAuthorizeUrl(config, 's', verifier), { redirect: 'manual' });
    const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    await expect(exchangeCode({ config }, code, 'wrong-verifier')).rejects.toMatchObject({
      kind: 'invalid_grant',
    });
    await expect(exchangeCode({ config }, code, verifier)).rejects.toMatchObject({
      kind: 'invalid_grant',
    });
  });

  it('a server without a client id says what to configure', () => {
    expect(() => buildAuthorizeUrl({ ...config, clientId: undefined }, 's', 'v')).toThrow(
      /UPWORK_CLIENT_ID/,
    );
  });
});

describe('GraphQL client', () => {
  it('searches jobs with Relay pagination and maps Money strings to minor units', async () => {
    const client = clientFor(sessionFor(await connect()));
    const page1 = await client.searchJobs(toUpworkFilter({}, 20));
    expect(page1.totalCount).toBe(sandbox.jobs.length);
    expect(page1.edges).toHaveLength(20);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = await client.searchJobs(
      toUpworkFilter({}, 20, page1.pageInfo.endCursor ?? undefined),
    );
    expect(page2.edges[0]?.node.id).not.toBe(page1.edges[0]?.node.id);
    const mapped = mapSearchNode(page1.edges[0]!.node);
    expect(mapped.url).toMatch(/^https:\/\/www\.upwork\.com\/jobs\/~02/);
    expect(['fixed', 'hourly']).toContain(mapped.jobType);
  });

  it('passes filters through (hourly, verified, boolean words)', async () => {
    const client = clientFor(sessionFor(await connect()));
    const page = await client.searchJobs(
      toUpworkFilter({ q: 'React OR Flutter', jobType: 'hourly', paymentVerified: true }, 50),
    );
    expect(page.edges.length).toBeGreaterThan(0);
    for (const { node } of page.edges) {
      expect(mapSearchNode(node)).toMatchObject({
        jobType: 'hourly',
        client: { paymentVerified: true },
      });
      expect(
        `${node.title} ${node.description} ${node.skills?.map((s) => s.prettyName).join(' ')}`,
      ).toMatch(/react|flutter/i);
    }
  });

  it('reads one posting with its screening questions', async () => {
    const client = clientFor(sessionFor(await connect()));
    const withQuestions = sandbox.jobs.find((job) => job.screeningQuestions.length > 0)!;
    const posting = await client.getJob(withQuestions.id);
    expect(
      posting?.contractorSelection?.proposalRequirement?.screeningQuestions?.map((q) => q.question),
    ).toEqual(withQuestions.screeningQuestions);
  });

  it('sends the organization as the tenant header', async () => {
    const client = clientFor(sessionFor(await connect(), '2222222222222222222'));
    const me = await client.me();
    expect(me.companySelector?.items).toHaveLength(2);
    expect(sandbox.requests.at(-1)).toMatchObject({
      operation: 'me',
      tenantId: '2222222222222222222',
    });
    expect(sandbox.requests.at(-1)?.userAgent).toMatch(/^Bidwright/);
  });

  it('on 401 refreshes once and retries', async () => {
    const session = sessionFor(await connect());
    sandbox.expireAccessTokens();
    const page = await clientFor(session).searchJobs(toUpworkFilter({}, 5));
    expect(page.edges).toHaveLength(5);
    expect(session.refreshes).toBe(1);
  });

  it('a second 401 after the refresh is reported, not looped', async () => {
    const tokens = await connect();
    const session: UpworkSession = {
      accessToken: async () => 'oauth2v2_not_valid',
      refresh: async () => 'oauth2v2_still_not_valid',
    };
    void tokens;
    await expect(clientFor(session).me()).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('errors[] on HTTP 200 is a failure; a missing scope says what to change', async () => {
    const client = clientFor(sessionFor(await connect()));
    sandbox.setMissingScope(true);
    try {
      const error = await client.searchJobs(toUpworkFilter({}, 5)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpworkError);
      expect(error).toMatchObject({ kind: 'scope' });
      expect((error as Error).message).toMatch(/API Center.*Read marketplace Job Postings/);
    } finally {
      sandbox.setMissingScope(false);
    }
  });

  it('other GraphQL errors carry Upwork’s message', async () => {
    const client = clientFor(sessionFor(await connect()));
    sandbox.failNext({
      status: 200,
      body: { errors: [{ message: 'Validation error of type FieldUndefined' }] },
    });
    await expect(client.me()).rejects.toMatchObject({
      kind: 'graphql',
      message: expect.stringMatching(/FieldUndefined/),
    });
  });

  it('waits out a short 429 and retries, honouring Retry-After', async () => {
    const client = clientFor(sessionFor(await connect()));
    sandbox.failNext({ status: 429, retryAfter: 1 });
    const started = Date.now();
    const page = await client.searchJobs(toUpworkFilter({}, 3));
    expect(page.edges).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('reports a long 429 with the wait', async () => {
    const client = clientFor(sessionFor(await connect()));
    sandbox.failNext({ status: 429, retryAfter: 120 });
    await expect(client.me()).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 120,
    });
  });

  it('a 5xx is a server error', async () => {
    const client = clientFor(sessionFor(await connect()));
    sandbox.failNext({ status: 500 });
    await expect(client.me()).rejects.toMatchObject({ kind: 'server' });
  });
});

describe('RateLimiter', () => {
  it('spaces requests to the configured rate', async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new RateLimiter(
      10,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    for (let i = 0; i < 5; i++) await limiter.take();
    expect(waits).toEqual([100, 100, 100, 100]);
    limiter.pauseFor(2_000);
    await limiter.take();
    expect(waits.at(-1)).toBe(2_000);
  });
});

describe('helpers', () => {
  it.each<[string | null, number]>([
    ['5', 5],
    [null, 1],
    ['soon', 1],
  ])('parseRetryAfter(%s)', (value, seconds) => {
    expect(parseRetryAfter(value)).toBe(seconds);
  });

  it('parseRetryAfter reads an HTTP date', () => {
    expect(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
  });

  it.each<[string, number]>([
    ['500.0', 50_000],
    ['12.5', 1_250],
    ['0.99', 99],
    ['1234', 123_400],
  ])('moneyToMinor(%s)', (raw, minor) => {
    expect(moneyToMinor({ rawValue: raw })).toBe(minor);
  });

  it('the generated feed is deterministic', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(generateSandboxJobs(50, now, 7)).toEqual(generateSandboxJobs(50, now, 7));
    expect(generateSandboxJobs(50, now, 7)).not.toEqual(generateSandboxJobs(50, now, 8));
  });
});
