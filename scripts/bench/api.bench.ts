/**
 * The API under load: GET /api/users?email=… and POST /api/activities/log with a real emulator
 * ID token, then a mixed workload (60% reads: the user record and a 20-row activity page; 30%
 * updates: PATCH /api/users/me; 10% creates: an activity, with an Idempotency-Key as the SPA
 * sends it) in two shapes: one user per connection (the realistic case: each user updates their
 * own row) and one user on every connection (every update hits the same row). On PGlite, and on
 * PostgreSQL when a URL is set, where the per-user mix also runs on two API replicas behind a
 * round-robin proxy.
 */
import { startRoundRobinProxy } from '../../tests/support/round-robin-proxy.ts';

import { createUsers, mixedCycle, onePerConnection, type BenchUser } from './mixed-workload.ts';
import {
  formatNumber,
  load,
  printTable,
  type BenchApi,
  type BenchContext,
  type BenchSection,
  type LoadResult,
} from './support.ts';

const PGLITE_CONNECTIONS = 10;

const section: BenchSection = {
  name: 'api',
  description:
    'autocannon: GET /api/users, POST /api/activities/log and mixed workloads (one user per connection, one hot user, two replicas)',
  async run(context) {
    const emulatorHost = await context.emulatorHost();
    const rows: string[][] = [];
    const row = (engine: string, result: LoadResult) =>
      rows.push([
        engine,
        String(result.connections),
        result.label,
        formatNumber(result.requestsPerSecond),
        `${formatNumber(result.p50)} ms`,
        `${formatNumber(result.p99)} ms`,
        formatNumber(result.errors),
      ]);
    for (const engine of context.engines()) {
      // PGlite serves one process on one connection: its figures are taken at 10 connections.
      const connections = engine.databaseUrl
        ? context.connections
        : Math.min(PGLITE_CONNECTIONS, context.connections);
      const cell = { connections, durationSeconds: context.durationSeconds };
      const api = await context.startApi(engine);
      try {
        const users = await createUsers(api.url, emulatorHost, connections);
        const [hot] = users as [BenchUser];
        const usersUrl = `${api.url}/api/users?email=${encodeURIComponent(hot.email)}`;
        row(
          engine.name,
          await load({
            label: 'GET /api/users?email=…',
            url: usersUrl,
            headers: hot.headers,
            ...cell,
          }),
        );
        row(
          engine.name,
          await load({
            label: 'POST /api/activities/log',
            url: `${api.url}/api/activities/log`,
            method: 'POST',
            headers: { ...hot.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ action: 'view_dashboard', details: { source: 'bench' } }),
            ...cell,
          }),
        );
        row(
          engine.name,
          await load({
            label: 'mixed 60/30/10, one user per connection',
            url: api.url,
            setupClient: onePerConnection(users),
            ...cell,
          }),
        );
        row(
          engine.name,
          await load({
            label: 'mixed 60/30/10, one user on all (hot row)',
            url: api.url,
            requests: mixedCycle(hot),
            ...cell,
          }),
        );
        if (engine.databaseUrl) {
          row(engine.name, await throughTwoReplicas(api, context.startApi, users, cell));
        }
      } finally {
        await api.stop();
      }
    }
    printTable(
      `API load: ${context.connections} connections (PGlite ${Math.min(PGLITE_CONNECTIONS, context.connections)}), ${context.durationSeconds} s per cell (after a 3 s warm-up), LOG_LEVEL=warn, ` +
        'identity checked as in production (token locally, revocation at most every 30 s per user)',
      ['engine', 'c', 'workload', 'req/s', 'p50', 'p99', 'errors'],
      rows,
    );
    if (!context.engines().some((engine) => engine.databaseUrl)) {
      console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    }
  },
};

/** The per-user mix through a round-robin proxy in front of this API and a second replica. */
async function throughTwoReplicas(
  first: BenchApi,
  startApi: BenchContext['startApi'],
  users: BenchUser[],
  cell: { connections: number; durationSeconds: number },
): Promise<LoadResult> {
  const second = await startApi(first.engine, {}, { shareDatabaseWith: first });
  const proxy = await startRoundRobinProxy([first.url, second.url]);
  try {
    return await load({
      label: 'mixed, one user per connection, 2 replicas',
      url: proxy.url,
      setupClient: onePerConnection(users),
      ...cell,
    });
  } finally {
    await proxy.close();
    await second.stop();
  }
}

export default section;
