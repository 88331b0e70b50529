/**
 * Analytics at agency scale: 50 users with a year each ('agency-member': 2,000 sent responses,
 * 400 quotes, about 4,000 ledger rows), so 100,000 responses, 20,000 quotes and 200,000
 * transactions on PostgreSQL. Loads the data set with multi-row inserts (one transaction per user,
 * load time printed), runs VACUUM ANALYZE, then times each analytics request through the HTTP API
 * (app.inject with a signed-in user's token) for several users and periods, one request at a
 * time: p50 and p95 per request, PostgreSQL beside PGlite (one user). Target: p95 < 200 ms on
 * PostgreSQL; a request that misses it fails the section.
 *
 *   npm run bench -- analytics
 *   BENCH_ANALYTICS_USERS=10 BENCH_ANALYTICS_RUNS=10 npm run bench -- analytics
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.ts';
import { generateHistory } from '../../server/src/db/history/generate-history.ts';
import { insertHistory } from '../../server/src/db/history/insert-history.ts';
import { users } from '../../server/src/db/schema/users.ts';
import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';

import {
  BENCH_PROJECT_ID,
  createScratchDatabase,
  formatNumber,
  printTable,
  type BenchContext,
  type BenchSection,
  type Engine,
} from './support.ts';

const USERS = Number(process.env.BENCH_ANALYTICS_USERS ?? 50);
/** Users whose requests are timed (each signs in through the emulator). */
const MEASURED_USERS = Math.min(USERS, 5);
/** Timed runs of each request per measured user. */
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 20);
const TARGET_P95_MS = 200;
const TIME_ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;

type Probe = { label: string; url: (now: Date) => string };

/** The period the SPA sends for a picker choice: from the start of a day to the end of today. */
function range(now: Date, period: '30d' | '90d' | 'ytd'): string {
  const endOfToday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
  );
  const from =
    period === 'ytd'
      ? new Date(Date.UTC(now.getUTCFullYear(), 0, 1))
      : new Date(endOfToday.getTime() - (period === '30d' ? 30 : 90) * DAY_MS);
  const query = new URLSearchParams({
    from: from.toISOString(),
    to: endOfToday.toISOString(),
    tz: TIME_ZONE,
  });
  return query.toString();
}

const PROBES: Probe[] = [
  { label: 'dashboard, 30 days', url: (now) => `/api/analytics/dashboard?${range(now, '30d')}` },
  { label: 'dashboard, 90 days', url: (now) => `/api/analytics/dashboard?${range(now, '90d')}` },
  { label: 'dashboard, this year', url: (now) => `/api/analytics/dashboard?${range(now, 'ytd')}` },
  { label: 'responses, 90 days', url: (now) => `/api/analytics/responses?${range(now, '90d')}` },
  { label: 'responses, this year', url: (now) => `/api/analytics/responses?${range(now, 'ytd')}` },
  {
    label: 'compare A/B, this year',
    url: (now) => `/api/analytics/responses/compare?${range(now, 'ytd')}&kind=variant&a=A&b=B`,
  },
  { label: 'quotes, this year', url: (now) => `/api/analytics/quotes?${range(now, 'ytd')}` },
];

type Timings = Map<string, number[]>;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

function benchConfig(emulatorHost: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    FIREBASE_PROJECT_ID: BENCH_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_FAILURES_PER_MINUTE: '100000000',
  });
}

/** Users with a year of history each; the first `measured` can sign in. Returns their tokens. */
async function loadDataSet(
  handle: DatabaseHandle,
  config: Config,
  emulatorHost: string,
  userCount: number,
  measured: number,
): Promise<{ tokens: string[]; loadMs: number; counts: Record<string, number> }> {
  const auth = authEmulatorClient(emulatorHost, BENCH_PROJECT_ID);
  const tokens: string[] = [];
  const counts: Record<string, number> = {};
  const now = new Date();
  const started = performance.now();
  for (let index = 0; index < userCount; index += 1) {
    const email = uniqueEmail(`analytics-${index}`);
    const account = index < measured ? await auth.createAccount(email) : null;
    const [user] = await handle.db
      .insert(users)
      .values({
        firebaseUid: account?.uid ?? `bench-analytics-${Date.now()}-${index}`,
        email,
        modules: ['response', 'proposal', 'upwork', 'portfolio'],
      })
      .returning({ id: users.id });
    if (!user) throw new Error('the bench user insert returned nothing');
    if (account) tokens.push(account.idToken);
    const rows = generateHistory({ userId: user.id, now, seed: index + 1, size: 'agency-member' });
    await insertHistory(handle.db, rows, { encryptionKey: config.encryptionKey });
    for (const [name, list] of Object.entries(rows)) {
      if (Array.isArray(list)) counts[name] = (counts[name] ?? 0) + list.length;
    }
    if ((index + 1) % 10 === 0) {
      console.log(
        `  loaded ${index + 1} of ${userCount} users (${formatNumber((performance.now() - started) / 1000, 1)} s)`,
      );
    }
  }
  return { tokens, loadMs: performance.now() - started, counts };
}

async function timeRequests(
  app: FastifyInstance,
  tokens: string[],
  runs: number,
): Promise<Timings> {
  const timings: Timings = new Map(PROBES.map((probe) => [probe.label, []]));
  const now = new Date();
  for (const token of tokens) {
    const headers = { authorization: `Bearer ${token}` };
    for (const probe of PROBES) {
      const url = probe.url(now);
      // Two unmeasured calls first: the token check and the query plans are cached after them.
      for (let i = 0; i < runs + 2; i += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) {
          throw new Error(
            `${probe.label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
          );
        }
        if (i >= 2) timings.get(probe.label)?.push(elapsed);
      }
    }
  }
  return timings;
}

async function runEngine(
  engine: Engine,
  emulatorHost: string,
  userCount: number,
): Promise<{ timings: Timings; loadMs: number; counts: Record<string, number> }> {
  const config = benchConfig(emulatorHost);
  const scratch = engine.databaseUrl ? await createScratchDatabase(engine.databaseUrl) : null;
  const handle = scratch
    ? await openDatabase({ engine: 'postgres', url: scratch.url, poolSize: 10 })
    : await openDatabase({ engine: 'pglite' });
  try {
    console.log(`  ${engine.name}: loading ${userCount} user${userCount === 1 ? '' : 's'}…`);
    const measured = Math.min(userCount, MEASURED_USERS);
    const { tokens, loadMs, counts } = await loadDataSet(
      handle,
      config,
      emulatorHost,
      userCount,
      measured,
    );
    // Vacuumed as well as analyzed, so no autovacuum of the fresh rows runs while requests are timed.
    await handle.db.execute(sql`vacuum analyze`);
    const app = await buildApp(config, { database: handle, logger: false });
    await app.ready();
    try {
      const runs = engine.databaseUrl ? RUNS : Math.max(3, Math.round(RUNS / 4));
      return { timings: await timeRequests(app, tokens, runs), loadMs, counts };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await scratch?.drop();
  }
}

async function analyticsBench(context: BenchContext): Promise<void> {
  const emulatorHost = await context.emulatorHost();
  const engines = context.engines();
  const postgres = engines.find((engine) => engine.databaseUrl);
  const pglite = engines.find((engine) => !engine.databaseUrl);
  const columns: Array<{ name: string; timings: Timings }> = [];
  if (postgres) {
    const result = await runEngine(postgres, emulatorHost, USERS);
    const { counts } = result;
    console.log(
      `  PostgreSQL data set: ${USERS} users, ${formatNumber(counts.responses ?? 0)} responses (${formatNumber(
        counts.responseStatusEvents ?? 0,
      )} status events), ${formatNumber(counts.quotes ?? 0)} quotes, ${formatNumber(
        counts.transactions ?? 0,
      )} transactions, ${formatNumber(counts.leads ?? 0)} leads; loaded in ${formatNumber(result.loadMs / 1000, 1)} s`,
    );
    columns.push({ name: 'PostgreSQL', timings: result.timings });
  } else {
    console.log(
      '  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL for the agency data set)',
    );
  }
  if (pglite) {
    const result = await runEngine(pglite, emulatorHost, 1);
    console.log(`  PGlite data set: 1 user; loaded in ${formatNumber(result.loadMs / 1000, 1)} s`);
    columns.push({ name: 'PGlite (1 user)', timings: result.timings });
  }
  const cell = (values: number[] | undefined, p: number) =>
    values && values.length > 0 ? `${formatNumber(percentile(values, p), 1)} ms` : 'n/a';
  printTable(
    `Analytics requests, one at a time through the API (${MEASURED_USERS} users x ${RUNS} runs on PostgreSQL)`,
    ['request', ...columns.flatMap((column) => [`${column.name} p50`, `${column.name} p95`])],
    PROBES.map((probe) => [
      probe.label,
      ...columns.flatMap((column) => [
        cell(column.timings.get(probe.label), 50),
        cell(column.timings.get(probe.label), 95),
      ]),
    ]),
  );
  const postgresTimings = columns.find((column) => column.name === 'PostgreSQL')?.timings;
  const slow = PROBES.filter(
    (probe) => percentile(postgresTimings?.get(probe.label) ?? [], 95) >= TARGET_P95_MS,
  ).map((probe) => probe.label);
  if (postgresTimings && slow.length > 0) {
    throw new Error(`p95 at or over ${TARGET_P95_MS} ms on PostgreSQL: ${slow.join(', ')}`);
  }
}

const section: BenchSection = {
  name: 'analytics',
  description: `the dashboard and analytics requests with an agency's year (${USERS} users) on PostgreSQL`,
  run: analyticsBench,
};

export default section;
