import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  // Deny by default: every route that does not declare itself public, whatever its path.
  routes = h.app.routeTable.filter((route) => !route.public);
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
        'GET /api/notifications',
        'POST /api/notifications/:id/read',
        'POST /api/notifications/read-all',
        'POST /api/saved-searches/:id/webhook-test',
        'GET /api/admin/users',
        'DELETE /api/admin/users/:id',
        'GET /api/admin/users/:id/activity',
        'GET /api/admin/users/:id/export',
        'GET /api/upwork/connection/disconnect-preview',
        'GET /api/leads',
        'GET /api/leads/board',
        'POST /api/leads/:id/move',
        'POST /api/leads/:id/convert',
        'POST /api/leads/import',
        'GET /api/leads/export.csv',
        'GET /api/transactions',
        'GET /api/transactions/totals',
        'POST /api/transactions/sync',
        'PATCH /api/transactions/:id',
        'GET /api/messages/rooms',
        'GET /api/messages/rooms/:id',
        'POST /api/messages/rooms/:id/messages',
        'POST /api/messages/rooms/:id/draft',
        'GET /api/messages/unread-count',
        'GET /api/analytics/dashboard',
        'GET /api/analytics/responses',
        'GET /api/analytics/responses/compare',
        'GET /api/analytics/quotes',
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

/**
 * The same path written the ways a router may read differently from a plain string test:
 * percent-encoded letters, doubled slashes, other letter case, dot segments, a trailing slash.
 */
function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const encodedFirst = `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`;
  const encodedAll = `/${[...first].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')}/${tail}`;
  const encodedSecond = rest[0]
    ? `/${first}/%${rest[0].charCodeAt(0).toString(16)}${rest.join('/').slice(1)}`
    : encodedFirst;
  return [
    encodedFirst,
    encodedAll,
    encodedSecond,
    `/${first}/${tail.replace(/\//g, '%2F')}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `/${first.toUpperCase()}/${tail}`,
    `/${first[0]?.toUpperCase() ?? ''}${first.slice(1)}/${tail.toUpperCase()}`,
    `/${first}/./${tail}`,
    `/${first}/x/../${tail}`,
    `/x/../${first}/${tail}`,
    `/${first}/%2e/${tail}`,
    `/${first}/x/%2e%2e/${tail}`,
    `${path}/`,
    `${path};x`,
  ];
}

function rawRequest(port: number, method: string, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          // Streams (server events) are read only as far as the first bytes.
          if (body.length > 0 && response.headers['content-type']?.includes('event-stream')) {
            response.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          }
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    request.end(
      withBody ? JSON.stringify({ role: 'admin', email: 'attacker@example.com' }) : undefined,
    );
  });
}

describe('path spellings without a token', () => {
  it('never reach a handler: every spelling of every route answers an error with no data', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const secrets = [admin.user.email, plain.user.email, disabled.user.email];
    let tried = 0;
    for (const route of routes) {
      for (const path of spellings(concrete(route.url))) {
        const { status, body } = await rawRequest(port, route.method, path);
        tried += 1;
        const where = `${route.method} ${path} -> ${status}`;
        expect(status, where).toBeGreaterThanOrEqual(400);
        expect(status, where).toBeLessThan(500);
        for (const secret of secrets) expect(body, where).not.toContain(secret);
      }
    }
    expect(tried).toBeGreaterThan(routes.length * 10);
    // Nothing was created on the way (the invite route was among those tried).
    const listed = await h.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: admin.headers,
    });
    expect(listed.body).not.toContain('attacker@example.com');
  });
});
