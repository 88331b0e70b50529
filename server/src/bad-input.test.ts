import { randomUUID } from 'node:crypto';

import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from './db/schema/index.ts';
import { ADVERSARIAL_JOB_TEXTS } from '#test-support/adversarial-inputs';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';
import { TAMPERED_CURSORS } from '#test-support/tampered-cursors';

/**
 * Generated from the live route table: every route, called by an admin with every module (so no
 * gate hides a handler), gets malformed input. Each must answer 4xx with the error shape, never
 * 5xx, and no table may gain or lose a row.
 */
let h: Harness;
let admin: SignedIn;

beforeAll(async () => {
  h = await createHarness({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' },
  });
  admin = await h.signIn({
    role: 'admin',
    modules: ['response', 'proposal', 'upwork', 'portfolio'],
  });
});
afterAll(async () => h.close());

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const [row] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(value);
    counts[getTableName(value)] = row?.n ?? 0;
  }
  return counts;
}

const BAD_BODIES: Array<[string, string]> = [
  ['an array', '[]'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['null', 'null'],
  ['unknown fields only', '{"__unknown_field__": 1, "role": "admin", "userId": "x"}'],
  [
    'wrong types everywhere',
    '{"title": 5, "name": [], "email": {}, "action": 7, "status": true, "body": 1, "limit": "many"}',
  ],
  ['prototype pollution', '{"__proto__": {"polluted": true}}'],
  ['deeply nested junk', JSON.stringify({ a: { b: { c: { d: { e: 'x'.repeat(2_000) } } } } })],
];

const BAD_QUERIES = [
  'limit=-1',
  'limit=abc',
  'cursor=%00%ff',
  'sort=id;drop table users',
  "q='or 1=1--",
  'from=yesterday',
  // Control characters in search text, which the database refuses.
  'q=%00',
  'q=a%00b',
  'search=%00',
  // Cursors no list ever wrote: impossible dates, malformed ids, foreign formats.
  ...TAMPERED_CURSORS.map((cursor) => `cursor=${encodeURIComponent(cursor)}`),
];

function concrete(url: string, id: string) {
  return url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, 'x');
}

describe('bad input on every route', () => {
  it('never answers 5xx and never changes a row', async () => {
    const routes = h.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api') &&
        !route.url.startsWith('/api/docs') &&
        !route.url.includes('events') &&
        route.url !== '/api/health',
    );
    expect(routes.length).toBeGreaterThan(10);
    const before = await rowCounts();
    const failures: string[] = [];
    let successes = 0;

    for (const route of routes) {
      const ids = route.url.includes(':') ? ['not-a-uuid', randomUUID(), '../../etc/passwd'] : [''];
      for (const id of ids) {
        const url = concrete(route.url, encodeURIComponent(id));
        const attempts: Array<{ label: string; payload?: string; query?: string }> = [];
        if (route.method === 'GET' || route.method === 'DELETE') {
          for (const query of BAD_QUERIES) attempts.push({ label: `?${query}`, query });
        } else {
          for (const [label, payload] of BAD_BODIES) attempts.push({ label, payload });
        }
        for (const attempt of attempts) {
          const response = await h.app.inject({
            method: route.method as 'GET',
            url: attempt.query ? `${url}?${attempt.query}` : url,
            headers: {
              ...admin.headers,
              ...(attempt.payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
          });
          const where = `${route.method} ${route.url} [id ${id || '-'}] with ${attempt.label} -> ${response.statusCode}`;
          if (response.statusCode < 300) successes += 1;
          // A deliberate 503 (a service not configured here) names its cause; anything else is a crash.
          const deliberate =
            response.statusCode === 503 &&
            !/internal_error/.test(response.body) &&
            /"code"/.test(response.body);
          if (response.statusCode >= 500 && !deliberate)
            failures.push(`${where}: ${response.body.slice(0, 200)}`);
          if (
            response.statusCode >= 400 &&
            !String(response.headers['content-type'] ?? '').includes('json')
          )
            failures.push(`${where}: not JSON`);
        }
      }
    }

    expect(failures).toEqual([]);
    // A read that succeeded (an odd but valid search) may log itself; nothing else may change.
    const { activities: activitiesAfter = 0, ...after } = await rowCounts();
    const { activities: activitiesBefore = 0, ...beforeRest } = before;
    expect(after).toEqual(beforeRest);
    expect(activitiesAfter - activitiesBefore).toBeLessThanOrEqual(successes);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 240_000);
});

describe('adversarial text on every route that takes a body', () => {
  it('never answers 5xx, whatever the text makes a parser do', async () => {
    const routes = h.app.routeTable.filter(
      (route) =>
        ['POST', 'PUT', 'PATCH'].includes(route.method) &&
        route.url.startsWith('/api') &&
        !route.url.startsWith('/api/docs'),
    );
    const failures: string[] = [];
    for (const route of routes) {
      const url = concrete(route.url, randomUUID());
      for (const { name, text } of ADVERSARIAL_JOB_TEXTS) {
        // The same text under every field name a text-reading route uses.
        const payload = JSON.stringify({ text, jobText: text, description: text, q: text });
        const response = await h.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...admin.headers, 'content-type': 'application/json' },
          payload,
        });
        const deliberate = response.statusCode === 503 && !/internal_error/.test(response.body);
        if (response.statusCode >= 500 && !deliberate) {
          failures.push(`${route.method} ${route.url} with ${name} -> ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
