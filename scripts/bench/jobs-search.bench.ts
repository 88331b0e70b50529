/**
 * Browse Jobs: search and filter latency of the job list over 100,000 jobs of
 * one user (p50, p95) on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL,
 * and the throughput of the pure scoring module. The jobs are the sandbox's generated postings.
 *
 *   npm run bench -- jobs-search
 *   BENCH_JOBS=20000 BENCH_JOBS_RUNS=100 npm run bench -- jobs-search
 */
import { sql } from 'drizzle-orm';

import type { JobSort } from '../../src/contract/jobs.ts';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.ts';
import { users } from '../../server/src/db/schema/users.ts';
import { mapSearchNode } from '../../server/src/integrations/upwork/map-job.ts';
import {
  listJobRows,
  upsertJobRows,
  type JobListFilter,
} from '../../server/src/modules/jobs/repo.ts';
import { scoreJob, type ScoringProfile } from '../../server/src/modules/jobs/scoring.ts';
import { scoreKeyFor, toNewJobRow } from '../../server/src/modules/jobs/service.ts';
import { generateSandboxJobs } from '../../tests/support/upwork-sandbox-jobs.ts';

import {
  createScratchDatabase,
  formatNumber,
  printTable,
  type BenchSection,
  type Engine,
} from './support.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const RUNS = Number(process.env.BENCH_JOBS_RUNS ?? 200);

const PROFILE: ScoringProfile = {
  skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'GraphQL'],
  hourlyRateMinor: 6_000,
  rateFloorMinor: 3_500,
  currency: 'USD',
  ownRates: null,
};

const CASES: Array<{ name: string; sort: JobSort; filter: JobListFilter }> = [
  { name: 'newest, no filter', sort: 'newest', filter: {} },
  { name: 'words: react OR flutter', sort: 'newest', filter: { q: 'react OR flutter' } },
  {
    name: 'words: "design system" NOT webflow',
    sort: 'newest',
    filter: { q: '"design system" NOT webflow' },
  },
  {
    name: 'hourly >= $50, verified, best fit',
    sort: 'fit',
    filter: { jobType: 'hourly', hourlyMin: 5_000, paymentVerified: true },
  },
  {
    name: 'skills any of, fit >= 60',
    sort: 'fit',
    filter: { skills: ['react', 'node.js'], minScore: 60 },
  },
  {
    name: 'fixed >= $1,000, budget sort',
    sort: 'budget',
    filter: { jobType: 'fixed', budgetMin: 100_000 },
  },
  {
    name: 'words + filters + posted 3d',
    sort: 'newest',
    filter: { q: 'python', clientHiresMin: 5, postedWithin: '3d', proposalsMax: 15 },
  },
];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function open(
  engine: Engine,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!engine.databaseUrl)
    return { handle: await openDatabase({ engine: 'pglite' }), drop: async () => {} };
  const scratch = await createScratchDatabase(engine.databaseUrl);
  return {
    handle: await openDatabase({ engine: 'postgres', url: scratch.url, poolSize: 4 }),
    drop: scratch.drop,
  };
}

async function seed(handle: DatabaseHandle, now: Date): Promise<string> {
  const [user] = await handle.db
    .insert(users)
    .values({ firebaseUid: `bench-jobs-${Date.now()}`, email: 'bench-jobs@example.test' })
    .returning({ id: users.id });
  const userId = user!.id;
  const key = scoreKeyFor(PROFILE);
  // Spread over 30 days, so "posted within" filters select a part of them.
  const postings = generateSandboxJobs(JOBS, now, 7).map((job, index) => ({
    ...job,
    publishedDateTime: new Date(now.getTime() - (index / JOBS) * 30 * 86_400_000).toISOString(),
  }));
  for (let start = 0; start < postings.length; start += 1_000) {
    const rows = postings.slice(start, start + 1_000).map((posting) => {
      const mapped = mapSearchNode(posting);
      return toNewJobRow(userId, 'upwork', mapped.externalId, mapped, PROFILE, key, now);
    });
    await upsertJobRows(handle.db, rows);
  }
  await handle.db.execute(sql`analyze jobs`);
  return userId;
}

function scoringThroughput(now: Date): { perJobMs: number; perSecond: number } {
  const inputs = generateSandboxJobs(2_000, now, 3).map((posting) => {
    const mapped = mapSearchNode(posting);
    return {
      ...mapped,
      client: { ...mapped.client, memberSince: null },
      postedAt: mapped.postedAt ? new Date(mapped.postedAt) : null,
    };
  });
  for (const input of inputs) scoreJob(input, PROFILE, now);
  const rounds = 10;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1)
    for (const input of inputs) scoreJob(input, PROFILE, now);
  const elapsed = performance.now() - started;
  const scored = rounds * inputs.length;
  return { perJobMs: elapsed / scored, perSecond: (scored / elapsed) * 1000 };
}

const section: BenchSection = {
  name: 'jobs-search',
  description: `job search and filter latency over ${formatNumber(JOBS)} jobs (p50/p95), and scoring throughput`,
  async run(context) {
    const now = new Date();
    const scoring = scoringThroughput(now);
    printTable(
      'Scoring (pure, one core)',
      ['jobs/s', 'ms per job'],
      [[formatNumber(scoring.perSecond), formatNumber(scoring.perJobMs, 3)]],
    );

    const rows: string[][] = [];
    for (const engine of context.engines()) {
      const { handle, drop } = await open(engine);
      try {
        const seeding = performance.now();
        const userId = await seed(handle, now);
        console.log(
          `  ${engine.name}: seeded ${formatNumber(JOBS)} jobs in ${formatNumber((performance.now() - seeding) / 1000, 1)} s`,
        );
        for (const benchCase of CASES) {
          const run = () =>
            listJobRows(handle.db, userId, benchCase.filter, benchCase.sort, 50, undefined, now);
          for (let index = 0; index < 10; index += 1) await run();
          const times: number[] = [];
          let found = 0;
          for (let index = 0; index < RUNS; index += 1) {
            const started = performance.now();
            const page = await run();
            times.push(performance.now() - started);
            found = page.rows.length;
          }
          times.sort((a, b) => a - b);
          rows.push([
            engine.name,
            benchCase.name,
            String(found),
            formatNumber(percentile(times, 0.5), 1),
            formatNumber(percentile(times, 0.95), 1),
          ]);
        }
      } finally {
        await handle.close();
        await drop();
      }
    }
    printTable(
      `First page (50) of the job list over ${formatNumber(JOBS)} jobs, ${RUNS} runs per cell (ms)`,
      ['engine', 'query', 'rows', 'p50', 'p95'],
      rows,
    );
    if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
      console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    }
  },
};

export default section;
