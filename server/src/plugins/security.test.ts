import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

let h: Harness;
let member: SignedIn;
beforeAll(async () => {
  h = await createHarness({ env: { BODY_LIMIT_BYTES: '65536', WRITE_RATE_LIMIT_PER_MINUTE: '5' } });
  member = await h.signIn();
});
afterAll(async () => h.close());

describe('baseline protections', () => {
  it('answers health with the database reachable, without a token', async () => {
    const response = await h.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers, a request id and no-store on API JSON', async () => {
    const response = await h.app.inject({ url: '/api/profile', headers: member.headers });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('echoes only the configured SPA origin in CORS', async () => {
    const allowed = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/profile',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const evil = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/profile',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 413 for an oversized body and keeps serving', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'login', details: { blob: 'x'.repeat(70_000) } }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
    expect((await h.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('rate-limits writes per user with 429 and Retry-After', async () => {
    const user = await h.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/activities/log',
        headers: user.headers,
        payload: { action: 'view_dashboard' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json().error.code).toBe('rate_limited');
      }
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another user's budget is their own.
    const other = await h.signIn();
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/activities/log',
          headers: other.headers,
          payload: { action: 'login' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const response = await h.app.inject({ url: '/api/nope', headers: member.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await h.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/users/', '/api/activities/log', '/api/admin/users']),
    );
  });
});
