/**
 * Portfolio search latency: `searchPortfolio` (the one function behind the screen and
 * the response agent) over 5,000 generated items of one user, p50 and p95, on PGlite and (with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Word search, and AI search with stored
 * 256-dimension embeddings and a local embedder (so the figure is the database's, not a model's).
 *
 *   npm run bench -- portfolio-search
 *   BENCH_PORTFOLIO_ITEMS=20000 BENCH_PORTFOLIO_RUNS=400 npm run bench -- portfolio-search
 */
import { sql } from 'drizzle-orm';

import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.ts';
import { portfolioItems } from '../../server/src/db/schema/portfolio.ts';
import { users } from '../../server/src/db/schema/users.ts';
import { normalise, searchPortfolio } from '../../server/src/modules/portfolio/search.ts';

import {
  createScratchDatabase,
  formatNumber,
  printTable,
  type BenchSection,
  type Engine,
} from './support.ts';

const ITEMS = Number(process.env.BENCH_PORTFOLIO_ITEMS ?? 5_000);
const RUNS = Number(process.env.BENCH_PORTFOLIO_RUNS ?? 200);
const DIMENSIONS = 256;
const MODEL = 'bench-hash-256';

const WORDS = (
  'react node typescript python django rails kubernetes terraform aws gcp azure docker postgres ' +
  'mongodb redis graphql stripe shopify wordpress laravel flutter swift kotlin android ios figma ' +
  'seo analytics dashboard checkout payments ledger invoice crm automation scraping pipeline etl ' +
  'airflow spark tableau chatbot llm embeddings migration refactor performance latency caching ' +
  'accessibility onboarding subscription marketplace booking clinic patient logistics warehouse ' +
  'fleet tracking realtime websocket notifications search recommendation pricing inventory ' +
  'fashion retail fintech healthcare education travel insurance realestate media gaming nonprofit'
).split(' ');
const INDUSTRIES = [
  'Fintech',
  'Retail',
  'Healthcare',
  'Education',
  'Logistics',
  'Media',
  'Travel',
  'SaaS',
];
const ROLES = ['Lead developer', 'Full-stack developer', 'Consultant', 'Designer', 'Data engineer'];
const QUERIES = [
  'react dashboard',
  'stripe payments checkout',
  'kubernetes migration',
  '"realtime websocket"',
  'shopify store -wordpress',
  'python etl pipeline airflow',
  'clinic booking',
  'llm chatbot embeddings',
  'perf',
  'ledger invoice fintech',
  'accessibility onboarding',
  'inventory warehouse tracking',
];

/** A seeded PRNG, so every run searches the same portfolio. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A deterministic bag-of-words embedding: enough to exercise the vector path. */
export function hashEmbed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    let hash = 2166136261;
    for (let index = 0; index < word.length; index += 1)
      hash = Math.imul(hash ^ word.charCodeAt(index), 16777619);
    vector[(hash >>> 0) % DIMENSIONS]! += 1;
  }
  return normalise(vector) ?? vector;
}

/** Filler vocabulary: 4,000 pseudo-words, drawn with a Zipf-like skew like real prose. */
function fillerWords(next: () => number): string[] {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ren',
    'sa',
    'tu',
    'vel',
    'dor',
    'an',
    'is',
    'quo',
    'ber',
    'ni',
    'ta',
    'gra',
    'po',
  ];
  const words = new Set<string>();
  while (words.size < 4_000) {
    const length = 2 + Math.floor(next() * 3);
    words.add(
      Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(''),
    );
  }
  return [...words];
}

/**
 * 5,000 items of one user. Each item is about 3-5 topics (domain words such as "stripe" or
 * "kubernetes") written among filler prose, and a third carry text extracted from a PDF, so a
 * query word matches a few percent of the items, as in a real portfolio.
 */
export async function seed(handle: DatabaseHandle): Promise<string> {
  const [user] = await handle.db
    .insert(users)
    .values({ firebaseUid: `bench-${Date.now()}`, email: 'bench@example.test' })
    .returning({ id: users.id });
  const next = random(42);
  const filler = fillerWords(next);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const zipf = () => filler[Math.floor(filler.length * next() ** 3)]!;
  const prose = (topics: string[], words: number) =>
    Array.from({ length: words }, () => (next() < 0.12 ? pick(topics) : zipf())).join(' ');
  const rows: Array<typeof portfolioItems.$inferInsert> = [];
  for (let index = 0; index < ITEMS; index += 1) {
    const topics = Array.from(
      new Set(Array.from({ length: 3 + Math.floor(next() * 3) }, () => pick(WORDS))),
    );
    const skills = topics.slice(0, 3 + Math.floor(next() * 2));
    const title = `${prose(topics, 4)} ${pick(topics)} project ${index}`;
    const description = `${prose(topics, 60)}. ${prose(topics, 40)}.`;
    const results = `${prose(topics, 20)}; conversion up ${Math.floor(next() * 60)}%.`;
    const filesText = next() < 0.33 ? prose(topics, 400) : '';
    rows.push({
      userId: user!.id,
      title,
      description,
      role: pick(ROLES),
      skills,
      skillsText: skills.join(' '),
      industry: pick(INDUSTRIES),
      results,
      filesText,
      position: index * 1024,
      embedding: hashEmbed([title, skills.join(' '), description, results].join(' ')),
      embeddingModel: MODEL,
    });
  }
  for (let start = 0; start < rows.length; start += 250) {
    await handle.db.insert(portfolioItems).values(rows.slice(start, start + 250));
  }
  await handle.db.execute(sql`analyze portfolio_items`);
  return user!.id;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function measure(
  run: (query: string) => Promise<unknown>,
): Promise<{ p50: number; p95: number; mean: number }> {
  for (let index = 0; index < 20; index += 1) await run(QUERIES[index % QUERIES.length]!);
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run(QUERIES[index % QUERIES.length]!);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
  };
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

const section: BenchSection = {
  name: 'portfolio-search',
  description: `portfolio search latency over ${formatNumber(ITEMS)} items (words and AI), p50/p95`,
  async run(context) {
    const rows: string[][] = [];
    for (const engine of context.engines()) {
      const { handle, drop } = await open(engine);
      try {
        const seeding = performance.now();
        const userId = await seed(handle);
        console.log(
          `  ${engine.name}: seeded ${formatNumber(ITEMS)} items in ${formatNumber((performance.now() - seeding) / 1000, 1)} s`,
        );
        const text = await measure((query) =>
          searchPortfolio(handle.db, { userId, query, limit: 20, mode: 'text' }),
        );
        const ai = await measure((query) =>
          searchPortfolio(handle.db, {
            userId,
            query,
            limit: 20,
            mode: 'ai',
            embed: async (value) => hashEmbed(value),
            embeddingModel: MODEL,
          }),
        );
        for (const [mode, result] of [
          ['words', text],
          ['AI (fused)', ai],
        ] as const) {
          rows.push([
            engine.name,
            mode,
            formatNumber(result.p50, 1),
            formatNumber(result.p95, 1),
            formatNumber(result.mean, 1),
          ]);
        }
      } finally {
        await handle.close();
        await drop();
      }
    }
    printTable(
      `searchPortfolio over ${formatNumber(ITEMS)} items, ${RUNS} searches per cell, limit 20 (ms)`,
      ['engine', 'mode', 'p50', 'p95', 'mean'],
      rows,
    );
    if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
      console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    }
  },
};

export default section;
