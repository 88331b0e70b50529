import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/**
 * Refused requests are answers like any other: a browser must be able to read them (CORS) and
 * they carry the same protective headers, or the SPA sees "Failed to fetch" instead of the reason.
 */
const ORIGIN = 'http://localhost:3000';
let h: Harness;
let viewer: SignedIn;
let disabled: SignedIn;

beforeAll(async () => {
  h = await createHarness({ env: { AUTH_FAILURES_PER_MINUTE: '5' } });
  viewer = await h.signIn({ modules: [] });
  disabled = await h.signIn();
  await h.emulator.setDisabled(disabled.user.firebaseUid, true);
});
afterAll(async () => h.close());

function expectBrowserReadable(response: { headers: Record<string, unknown> }) {
  expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('refused requests', () => {
  it('carry CORS and security headers on 401 (no token), 401 (disabled) and 403 (module, role)', async () => {
    const cases = [
      { url: '/api/profile', headers: {}, status: 401, code: 'unauthenticated' },
      { url: '/api/profile', headers: disabled.headers, status: 401, code: 'user_disabled' },
      {
        url: '/api/portfolio/items',
        headers: viewer.headers,
        status: 403,
        code: 'module_not_enabled',
      },
      { url: '/api/admin/users', headers: viewer.headers, status: 403, code: 'forbidden' },
    ];
    for (const { url, headers, status, code } of cases) {
      const response = await h.app.inject({ url, headers: { ...headers, origin: ORIGIN } });
      expect(response.statusCode, url).toBe(status);
      expect(response.json().error.code).toBe(code);
      expectBrowserReadable(response);
    }
  });

  it('slows down an address that keeps sending bad tokens, before checking them, and not others', async () => {
    const attacker = { origin: ORIGIN };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await h.app.inject({
        url: '/api/profile',
        remoteAddress: '203.0.113.9',
        headers: { ...attacker, authorization: `Bearer garbage-${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));

    const limited = await h.app.inject({
      url: '/api/profile',
      remoteAddress: '203.0.113.9',
      headers: { ...viewer.headers, origin: ORIGIN },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectBrowserReadable(limited);

    // Another address, and public routes, are not affected.
    const other = await h.app.inject({
      url: '/api/profile',
      remoteAddress: '198.51.100.7',
      headers: viewer.headers,
    });
    expect(other.statusCode).toBe(200);
    const health = await h.app.inject({ url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(health.statusCode).toBe(200);
  });
});
