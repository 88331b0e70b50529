import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activities } from '../../db/schema/activities.ts';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

let h: Harness;
let member: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  member = await h.signIn();
});
afterAll(async () => h.close());

async function rowsOf(userId: string) {
  const [row] = await h.database.db
    .select({ n: count() })
    .from(activities)
    .where(eq(activities.userId, userId));
  return row?.n ?? 0;
}

const log = (signedIn: SignedIn, payload: unknown, extra: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/activities/log',
    headers: { ...signedIn.headers, ...extra },
    payload: payload as object,
  });

describe('POST /api/activities/log', () => {
  it('stores the logged fields with the user, time and user agent', async () => {
    const response = await log(
      member,
      {
        action: 'view_job',
        details: { source: 'feed' },
        jobId: 'job-1',
        searchName: 'react',
        templateName: null,
      },
      { 'user-agent': 'BidwrightTest/1.0' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userId: member.user.id,
      action: 'view_job',
      details: { source: 'feed' },
      jobId: 'job-1',
      searchName: 'react',
      userAgent: 'BidwrightTest/1.0',
    });
    expect(Date.now() - Date.parse(response.json().createdAt)).toBeLessThan(60_000);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const before = await rowsOf(member.user.id);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      payload: { action: 'login' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    expect(await rowsOf(member.user.id)).toBe(before);
  });

  it.each([
    ['an unknown action', { action: 'hack_the_planet' }, 'action'],
    ['a missing action', { details: {} }, 'action'],
    ['details that are not an object', { action: 'login', details: 'text' }, 'details'],
    ['an unknown field', { action: 'login', role: 'admin' }, 'role'],
    ['a wrong type', { action: 'login', jobId: 42 }, 'jobId'],
    [
      'details over 16 KB',
      { action: 'login', details: { blob: 'x'.repeat(17 * 1024) } },
      'details',
    ],
  ])('answers 400 naming the field for %s and writes nothing', async (_label, payload, field) => {
    const before = await rowsOf(member.user.id);
    const response = await log(member, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.message).toContain(field);
    expect(await rowsOf(member.user.id)).toBe(before);
  });

  it('refuses a body that is not JSON with a clear message', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: '{"action": "login",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/JSON/);
  });

  it('refuses prototype pollution attempts', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: '{"action":"login","details":{"__proto__":{"polluted":true}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('GET /api/activities', () => {
  it('lists only the caller’s entries, newest first, with cursor pagination', async () => {
    const user = await h.signIn();
    const other = await h.signIn();
    for (const action of ['login', 'view_dashboard', 'search_jobs', 'view_job', 'logout']) {
      expect((await log(user, { action })).statusCode).toBe(201);
    }
    await log(other, { action: 'login' });

    const first = await h.app.inject({ url: '/api/activities?limit=2', headers: user.headers });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((item: { action: string }) => item.action)).toEqual([
      'logout',
      'view_job',
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));

    const second = await h.app.inject({
      url: `/api/activities?limit=2&cursor=${page1.nextCursor}`,
      headers: user.headers,
    });
    expect(second.json().items.map((item: { action: string }) => item.action)).toEqual([
      'search_jobs',
      'view_dashboard',
    ]);
    const third = await h.app.inject({
      url: `/api/activities?limit=2&cursor=${second.json().nextCursor}`,
      headers: user.headers,
    });
    expect(third.json().items.map((item: { action: string }) => item.action)).toEqual(['login']);
    expect(third.json().nextCursor).toBeNull();
  });

  it('filters by action and by date', async () => {
    const user = await h.signIn();
    await log(user, { action: 'login' });
    await log(user, { action: 'view_job' });
    const byAction = await h.app.inject({
      url: '/api/activities?action=view_job',
      headers: user.headers,
    });
    expect(byAction.json().items).toHaveLength(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const byDate = await h.app.inject({
      url: `/api/activities?from=${encodeURIComponent(future)}`,
      headers: user.headers,
    });
    expect(byDate.json().items).toHaveLength(0);
  });

  it('lets an admin read another user’s activity and refuses a member with 403', async () => {
    const admin = await h.signIn({ role: 'admin' });
    const user = await h.signIn();
    await log(user, { action: 'view_dashboard' });
    const asAdmin = await h.app.inject({
      url: `/api/activities?userId=${user.user.id}`,
      headers: admin.headers,
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().items[0].action).toBe('view_dashboard');
    const asMember = await h.app.inject({
      url: `/api/activities?userId=${user.user.id}`,
      headers: member.headers,
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('answers 400 for a forged cursor and a limit out of range', async () => {
    expect(
      (await h.app.inject({ url: '/api/activities?cursor=garbage', headers: member.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await h.app.inject({ url: '/api/activities?limit=1000', headers: member.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('exports the filtered activity as CSV with formulas escaped', async () => {
    const user = await h.signIn();
    await log(user, { action: 'search_jobs', searchName: '=HYPERLINK("http://evil.test")' });
    const response = await h.app.inject({
      url: '/api/activities/export?format=csv',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('createdAt,action,jobId,searchName,templateName,details,userAgent');
    expect(lines[1]).toContain('search_jobs');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  });

  it('exports only what the filters select, then logs export_data', async () => {
    const user = await h.signIn();
    await log(user, { action: 'search_jobs', searchName: 'Rust tools' });
    await log(user, { action: 'view_job', jobId: 'job-1', details: { title: 'Rust CLI' } });
    await log(user, { action: 'search_jobs', searchName: 'Go services' });
    const response = await h.app.inject({
      url: '/api/activities/export?format=csv&action=search_jobs&q=rust',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const rows = response.body.split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Rust tools');
    const listed = await h.app.inject({
      url: '/api/activities?action=export_data',
      headers: user.headers,
    });
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        action: 'export_data',
        details: expect.objectContaining({ what: 'activity', format: 'csv', rows: 1 }),
      }),
    ]);
  });
});
