import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { startUpworkSandbox, type UpworkSandbox } from '#test-support/upwork-sandbox';

let sandbox: UpworkSandbox;
let h: Harness;

beforeAll(async () => {
  sandbox = await startUpworkSandbox({ jobCount: 5 });
  h = await createHarness({
    env: {
      UPWORK_CLIENT_ID: sandbox.clientId,
      UPWORK_CLIENT_SECRET: sandbox.clientSecret,
      UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
      UPWORK_TOKEN_URL: sandbox.tokenUrl,
      UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
      SAVED_SEARCH_POLL_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

/** Connects Upwork the way the browser does: start, follow the sandbox's redirect, callback. */
async function connect(who: SignedIn): Promise<void> {
  const start = await h.app.inject({
    method: 'POST',
    url: '/api/upwork/connect',
    headers: who.headers,
  });
  expect(start.statusCode, start.body).toBe(200);
  const redirect = await fetch(start.json<{ authorizeUrl: string }>().authorizeUrl, {
    redirect: 'manual',
  });
  const location = new URL(redirect.headers.get('location') ?? '');
  const callback = await h.app.inject({
    method: 'POST',
    url: '/api/upwork/callback',
    headers: who.headers,
    payload: {
      code: location.searchParams.get('code') ?? '',
      state: location.searchParams.get('state') ?? '',
    },
  });
  expect(callback.statusCode).toBe(200);
}

describe('GET /api/profile/from-upwork', () => {
  it('reads the connected Upwork profile as profile fields, and saves nothing', async () => {
    const dana = await h.signIn({ modules: ['upwork'] });
    await connect(dana);
    const response = await h.app.inject({
      url: '/api/profile/from-upwork',
      headers: dana.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      name: 'Dana Demo',
      title: 'Full-stack TypeScript developer',
      overview: expect.stringContaining('React, Node.js and PostgreSQL'),
      skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL'],
      hourlyRateMinor: 7_500,
      currency: 'USD',
      timezone: 'Europe/Lisbon',
    });
    const profile = await h.app.inject({ url: '/api/profile', headers: dana.headers });
    expect(profile.json().skills).toEqual([]);
  });

  it('answers 409 with a way forward when Upwork is not connected', async () => {
    const lone = await h.signIn({ modules: ['upwork'] });
    const response = await h.app.inject({ url: '/api/profile/from-upwork', headers: lone.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/Connect Upwork in Settings/);
  });

  it('is part of the upwork module', async () => {
    const member = await h.signIn({ modules: [] });
    const response = await h.app.inject({
      url: '/api/profile/from-upwork',
      headers: member.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('module_not_enabled');
  });
});
