import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { TAMPERED_CURSORS } from '#test-support/tampered-cursors';

/**
 * Search words and cursors come from the query string, so anyone can send anything: control
 * characters and cursors the API never wrote are refused with 400 at the edge, and never reach the
 * database (where they used to fail as 500 and log the query's parameters).
 */
let h: Harness;
let admin: SignedIn;
const logLines: string[] = [];

beforeAll(async () => {
  h = await createHarness({ logLines });
  admin = await h.signIn({ role: 'admin' });
  for (const action of ['view_job', 'search_jobs', 'view_job']) {
    const logged = await h.app.inject({
      method: 'POST',
      url: '/api/activities/log',
      headers: admin.headers,
      payload: { action, details: {} },
    });
    expect(logged.statusCode).toBe(201);
  }
});
afterAll(async () => h.close());

const SEARCHED_LISTS = [
  '/api/activities',
  '/api/activities/export',
  '/api/responses',
  '/api/templates',
  '/api/admin/users',
  '/api/jobs',
];
const PAGED_LISTS = [
  '/api/activities',
  '/api/responses',
  '/api/admin/users',
  '/api/jobs',
  '/api/jobs?sort=fit',
  '/api/jobs?sort=budget',
  '/api/portfolio/items',
];

const get = (url: string) => h.app.inject({ url, headers: admin.headers });
const withParam = (url: string, name: string, value: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

function expectNoQueryInLog() {
  const log = logLines.join('\n');
  expect(log).not.toContain('Failed query');
  expect(log).not.toContain('params:');
  expect(log).not.toMatch(/"level":50/);
}

describe('search words with control characters', () => {
  it.each(SEARCHED_LISTS)('%s answers 400 for NUL and other control characters', async (url) => {
    for (const q of ['\u0000', 'react\u0000', 'a\u0001b', 'x\u007f', 'y\u0085']) {
      const response = await get(withParam(url, 'q', q));
      expect(response.statusCode, `${url} q=${JSON.stringify(q)}`).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.message).toContain('control characters');
    }
    expectNoQueryInLog();
  });

  it.each(SEARCHED_LISTS)('%s still searches ordinary words', async (url) => {
    const response = await get(withParam(url, 'q', 'react % _ \\ "quoted" ünïcödé'));
    expect(response.statusCode, url).toBe(200);
  });
});

describe('tampered cursors', () => {
  it.each(PAGED_LISTS)('%s answers 400 for each cursor it never wrote', async (url) => {
    for (const cursor of TAMPERED_CURSORS) {
      const response = await get(withParam(url, 'cursor', cursor));
      expect(response.statusCode, `${url} cursor=${cursor}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed' });
      expect(response.json().error.message).toMatch(/cursor is not valid/);
    }
    expectNoQueryInLog();
  });

  it('still pages with the cursors the API writes', async () => {
    const first = await get('/api/activities?limit=1');
    expect(first.statusCode).toBe(200);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await get(withParam('/api/activities?limit=1', 'cursor', cursor));
    expect(second.statusCode).toBe(200);
    expect(second.json().items).toHaveLength(1);
    expect(second.json().items[0].id).not.toBe(first.json().items[0].id);

    const users = await get('/api/admin/users?limit=1');
    expect(users.statusCode).toBe(200);
  });
});
