import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { TEST_API } from '@/testing/factories';
import { server } from '@/testing/msw/server';

import { logActivity } from './activity-logger';
import { makeStore } from './index';

describe('logActivity', () => {
  it('posts action, details, jobId, searchName and templateName with the bearer token', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post(`${TEST_API}/api/activities/log`, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    const store = makeStore(undefined, {
      apiBaseUrl: TEST_API,
      getToken: () => Promise.resolve('tok'),
    });
    const logged = await logActivity(store, {
      action: 'view_job',
      jobId: 'j1',
      details: { from: 'list' },
    });
    expect(logged).toBe(true);
    expect(seen).toEqual({
      auth: 'Bearer tok',
      body: {
        action: 'view_job',
        details: { from: 'list' },
        jobId: 'j1',
        searchName: null,
        templateName: null,
      },
    });
  });

  it('is skipped without a token (no request is made)', async () => {
    const store = makeStore(undefined, {
      apiBaseUrl: TEST_API,
      getToken: () => Promise.resolve(null),
    });
    const handler = vi.fn();
    server.events.on('request:start', handler);
    expect(await logActivity(store, { action: 'login' })).toBe(false);
    server.events.removeListener('request:start', handler);
    expect(handler).not.toHaveBeenCalled();
  });

  it('writes failures only to the console', async () => {
    server.use(
      http.post(`${TEST_API}/api/activities/log`, () => HttpResponse.json({}, { status: 500 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = makeStore(undefined, {
      apiBaseUrl: TEST_API,
      getToken: () => Promise.resolve('tok'),
    });
    await expect(logActivity(store, { action: 'logout' })).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
