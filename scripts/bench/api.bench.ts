/**
 * The API under load (issue 3 item 10): GET /api/users?email=… and POST /api/activities/log with
 * a real emulator ID token, on PGlite and (when a PostgreSQL URL is set) on PostgreSQL.
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
  description: 'autocannon: GET /api/users and POST /api/activities/log per database engine',
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
