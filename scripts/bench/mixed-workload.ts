/**
 * The mixed workload of the API benches: 60% reads (the user record and a 20-row activity page),
 * 30% updates (PATCH /api/users/me), 10% creates (an activity, with an Idempotency-Key as the SPA
 * sends it), by signed-in emulator users.
 */
import { randomUUID } from 'node:crypto';

import type autocannon from 'autocannon';

import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';

import { BENCH_PROJECT_ID } from './support.ts';

export type BenchUser = { email: string; headers: { authorization: string } };

/** One cycle of ten requests as one user sends them: 6 reads, 3 updates, 1 create. */
export function mixedCycle(user: BenchUser): autocannon.Request[] {
  const json = { ...user.headers, 'content-type': 'application/json' };
  const read = {
    method: 'GET' as const,
    path: `/api/users?email=${encodeURIComponent(user.email)}`,
    headers: user.headers,
  };
  const list = { method: 'GET' as const, path: '/api/activities?limit=20', headers: user.headers };
  const update = {
    method: 'PATCH' as const,
    path: '/api/users/me',
    headers: json,
    body: JSON.stringify({ name: 'Bench User' }),
  };
  const create = {
    method: 'POST' as const,
    path: '/api/activities/log',
    headers: json,
    body: JSON.stringify({ action: 'view_dashboard', details: { source: 'bench' } }),
    // A new key per create, as each click in the SPA makes one.
    setupRequest: (request: autocannon.Request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    }),
  };
  return [read, list, update, read, list, update, read, list, update, create];
}

/** Accounts in the emulator, each with its user row created by a first request. */
export async function createUsers(apiUrl: string, emulatorHost: string, count: number) {
  const auth = authEmulatorClient(emulatorHost, BENCH_PROJECT_ID);
  const users: BenchUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const account = await auth.createAccount(uniqueEmail('bench'), 'bench-password-1', 'Bench');
    const user = { email: account.email, headers: { authorization: `Bearer ${account.idToken}` } };
    const first = await fetch(`${apiUrl}/api/users?email=${encodeURIComponent(user.email)}`, {
      headers: user.headers,
    });
    if (!first.ok)
      throw new Error(`GET /api/users answered ${first.status}: ${await first.text()}`);
    users.push(user);
  }
  return users;
}

/** Each connection that opens takes the next user, so no two connections share a user. */
export function onePerConnection(users: BenchUser[]): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => {
    const user = users[next % users.length]!;
    next += 1;
    client.setRequests(mixedCycle(user));
  };
}
