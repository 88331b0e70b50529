/**
 * The API under load: GET /api/users?email=… and POST /api/activities/log with a real emulator
 * ID token, then a mixed workload (60% reads: the user record and a 20-row activity page; 30%
 * updates: PATCH /api/users/me; 10% creates: an activity), on PGlite and (when a PostgreSQL URL
 * is set) on PostgreSQL.
 */
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';

import {
  BENCH_PROJECT_ID,
  formatNumber,
  load,
  printTable,
  type BenchSection,
  type LoadResult,
} from './support.ts';

const section: BenchSection = {
  name: 'api',
  description:
    'autocannon: GET /api/users, POST /api/activities/log and a mixed workload per database engine',
  async run(context) {
    const auth = authEmulatorClient(await context.emulatorHost(), BENCH_PROJECT_ID);
    const rows: string[][] = [];
    for (const engine of context.engines()) {
      const api = await context.startApi(engine);
      try {
        const account = await auth.createAccount(uniqueEmail('bench'), 'bench-password-1', 'Bench');
        const headers = { authorization: `Bearer ${account.idToken}` };
        const usersUrl = `${api.url}/api/users?email=${encodeURIComponent(account.email)}`;
        // The first request creates the user's row; check the endpoint works before loading it.
        const first = await fetch(usersUrl, { headers });
        if (!first.ok)
          throw new Error(`GET /api/users answered ${first.status}: ${await first.text()}`);

        const results: LoadResult[] = [];
        results.push(
          await load({
            label: 'GET /api/users?email=…',
            url: usersUrl,
            headers,
            connections: context.connections,
            durationSeconds: context.durationSeconds,
          }),
        );
        results.push(
          await load({
            label: 'POST /api/activities/log',
            url: `${api.url}/api/activities/log`,
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ action: 'view_dashboard', details: { source: 'bench' } }),
            connections: context.connections,
            durationSeconds: context.durationSeconds,
          }),
        );
        // The mixed workload: 60% reads, 30% updates, 10% creates, from each connection.
        const json = { ...headers, 'content-type': 'application/json' };
        const read = {
          method: 'GET' as const,
          path: new URL(usersUrl).pathname + new URL(usersUrl).search,
          headers,
        };
        const list = { method: 'GET' as const, path: '/api/activities?limit=20', headers };
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
        };
        results.push(
          await load({
            label: 'mixed 60/30/10',
            url: api.url,
            requests: [read, list, update, read, list, update, read, list, update, create],
            connections: context.connections,
            durationSeconds: context.durationSeconds,
          }),
        );
        for (const result of results) {
          rows.push([
            engine.name,
            result.label,
            formatNumber(result.requestsPerSecond),
            `${formatNumber(result.p50)} ms`,
            `${formatNumber(result.p99)} ms`,
            formatNumber(result.errors),
          ]);
        }
      } finally {
        await api.stop();
      }
    }
    printTable(
      `API load: ${context.connections} connections, ${context.durationSeconds} s per cell (after a 3 s warm-up), LOG_LEVEL=warn, ` +
        'identity checked as in production (token locally, revocation at most every 30 s per user)',
      ['engine', 'endpoint', 'req/s', 'p50', 'p99', 'errors'],
      rows,
    );
    if (context.engines().length === 1) {
      console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    }
  },
};

export default section;
