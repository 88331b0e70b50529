import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RouteEntry } from './app.ts';
import { createHarness, type Harness, type SignedIn } from '#test-support/server-harness';

/**
 * Generated from the live route table, so every area's routes are covered as they are added:
 * anonymous and disabled callers get 401 everywhere but public routes; members get 403 from
 * admin routes and from modules they lack; admins get past every gate.
 */
let h: Harness;
let plain: SignedIn;
let disabled: SignedIn;
let admin: SignedIn;
let routes: RouteEntry[];

beforeAll(async () => {
  h = await createHarness();
  plain = await h.signIn({ modules: [] });
  admin = await h.signIn({ role: 'admin' });
  disabled = await h.signIn({ modules: ['response', 'proposal', 'upwork', 'portfolio'] });
  await h.emulator.setDisabled(disabled.user.firebaseUid, true);
  routes = h.app.routeTable.filter((route) => route.url.startsWith('/api') && !route.public);
});
afterAll(async () => h.close());

function concrete(url: string) {
  return url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'x');
}

async function call(route: RouteEntry, headers: Record<string, string> = {}) {
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return h.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('authorization matrix', () => {
  it('covers the core routes', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/users',
        'POST /api/activities/log',
        'GET /api/admin/users',
        'DELETE /api/admin/users/:id',
      ]),
    );
  });

  it('refuses anonymous callers with 401 on every non-public route', async () => {
    for (const route of routes) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it('refuses a disabled user with 401 user_disabled on every non-public route', async () => {
    for (const route of routes) {
      const response = await call(route, disabled.headers);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe('user_disabled');
    }
  });

  it('refuses members on admin routes and on modules they lack with 403', async () => {
    for (const route of routes.filter((entry) => entry.role === 'admin' || entry.module)) {
      const response = await call(route, plain.headers);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error.code).toBe(
        route.role === 'admin' ? 'forbidden' : 'module_not_enabled',
      );
    }
  });

  it('lets an admin past every role and module gate (never 401/403)', async () => {
    for (const route of routes.filter(
      (entry) =>
        (entry.role === 'admin' || entry.module) &&
        entry.method === 'GET' &&
        !entry.url.includes('events'),
    )) {
      const response = await call(route, admin.headers);
      expect([401, 403], `${route.method} ${route.url} -> ${response.statusCode}`).not.toContain(
        response.statusCode,
      );
    }
  });
});
