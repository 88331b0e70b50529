/**
 * Shared pieces for bench sections (scripts/bench/*.bench.ts): a work folder, one Auth emulator
 * for the whole run, an API process per database engine, autocannon and result tables.
 *
 * A section is a file `scripts/bench/<name>.bench.ts` whose default export is a BenchSection;
 * `npm run bench` runs every section in name order, `npm run bench -- <name>…` only those.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { startAuthEmulator, type AuthEmulator } from '../../tests/support/firebase-emulator.ts';
import {
  buildSpa,
  startApi,
  type ApiSettings,
  type RunningApi,
} from '../../tests/support/stack.ts';
import { createPostgresDatabase } from '../../tests/support/test-database.ts';

export const BENCH_PROJECT_ID = 'demo-bidwright';
/** Ports of a bench run: apart from npm start (dev), server tests and e2e (docs/conventions.md). */
export const BENCH_PORTS = {
  emulator: { port: 9399, hubPort: 4430, loggingPort: 4530 },
  api: 5250,
  web: 3250,
} as const;

/** The per-user rate limits would turn a load or fault run into a 429 test: lifted for both. */
export const UNLIMITED_RATES = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_FAILURES_PER_MINUTE: '100000000',
} as const;

export type BenchSection = {
  name: string;
  description: string;
  /** Left out of a full run; runs only when named (a long soak). */
  explicitOnly?: boolean;
  run: (context: BenchContext) => Promise<void>;
};

export type Engine = { name: 'PGlite' | 'PostgreSQL'; databaseUrl?: string };

export type BenchContext = {
  /** A folder for this run, removed at the end. */
  workDir: string;
  /** Seconds per autocannon cell (BENCH_DURATION, default 20). */
  durationSeconds: number;
  connections: number;
  /** The Auth emulator, started on first use and stopped at the end of the run. */
  emulatorHost: () => Promise<string>;
  /**
   * PGlite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set; BENCH_ENGINES
   * (e.g. `postgresql`) keeps only the named ones.
   */
  engines: () => Engine[];
  /**
   * Starts the API on the bench port against a fresh database of that engine, or (with
   * `shareDatabaseWith`, PostgreSQL only) a second replica on the next port and the same database.
   */
  startApi: (
    engine: Engine,
    extraEnv?: Record<string, string>,
    options?: { shareDatabaseWith?: BenchApi },
  ) => Promise<BenchApi>;
};

export type BenchApi = RunningApi & {
  engine: Engine;
  databaseUrl: string | undefined;
  stop: () => Promise<void>;
};

export function createContext(workDir: string): {
  context: BenchContext;
  dispose: () => Promise<void>;
} {
  let emulator: Promise<AuthEmulator> | undefined;
  const context: BenchContext = {
    workDir,
    durationSeconds: Number(process.env.BENCH_DURATION ?? 20),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    async emulatorHost() {
      emulator ??= startAuthEmulator({
        projectId: BENCH_PROJECT_ID,
        ...BENCH_PORTS.emulator,
        logFile: join(workDir, 'firebase-emulator.log'),
      });
      return (await emulator).host;
    },
    engines() {
      const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      const all: Engine[] = url
        ? [{ name: 'PGlite' }, { name: 'PostgreSQL', databaseUrl: url }]
        : [{ name: 'PGlite' }];
      // BENCH_ENGINES=postgresql (or pglite) runs one engine only.
      const wanted = process.env.BENCH_ENGINES?.toLowerCase().split(',');
      return wanted ? all.filter((engine) => wanted.includes(engine.name.toLowerCase())) : all;
    },
    async startApi(engine, extraEnv = {}, options = {}) {
      const emulatorHost = await context.emulatorHost();
      const dataDir = join(workDir, `data-${Date.now()}`);
      mkdirSync(dataDir, { recursive: true });
      const shared = options.shareDatabaseWith;
      if (shared && !shared.databaseUrl) throw new Error('Only PostgreSQL has replicas');
      let databaseUrl: string | undefined = shared?.databaseUrl;
      let dropDatabase = async () => {};
      if (engine.databaseUrl && !shared) {
        const fresh = await createScratchDatabase(engine.databaseUrl);
        databaseUrl = fresh.url;
        dropDatabase = fresh.drop;
      }
      const settings: ApiSettings = {
        port: shared ? BENCH_PORTS.api + 1 : BENCH_PORTS.api,
        dataDir,
        databaseUrl,
        emulatorHost,
        projectId: BENCH_PROJECT_ID,
        corsOrigins: [`http://localhost:${BENCH_PORTS.web}`],
        logLevel: 'warn',
        extraEnv: { ...UNLIMITED_RATES, ...extraEnv },
      };
      let api: RunningApi;
      try {
        api = await startApi(settings, {
          logFile: join(workDir, shared ? 'api-replica.log' : 'api.log'),
        });
      } catch (error) {
        await dropDatabase();
        throw error;
      }
      return {
        ...api,
        engine,
        databaseUrl,
        stop: async () => {
          await api.process.stop('SIGTERM', 10_000);
          await dropDatabase();
        },
      };
    },
  };
  return {
    context,
    dispose: async () => {
      if (emulator) await (await emulator).stop();
    },
  };
}

/** A new database on the server of `baseUrl`, dropped afterwards. */
export function createScratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return createPostgresDatabase(baseUrl, `bidwright_bench_${process.pid}`);
}

export type LoadResult = {
  label: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
};

export type LoadOptions = {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A cycle of requests each connection repeats (a mixed workload); `url` then gives the host. */
  requests?: autocannon.Request[];
  connections: number;
  durationSeconds: number;
  /** Unmeasured seconds first, so JIT and caches settle. */
  warmupSeconds?: number;
  /** Called for each connection as it opens (e.g. to give it a user of its own). */
  setupClient?: (client: autocannon.Client) => void;
};

function cannon(options: LoadOptions, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
    connections: options.connections,
    duration,
    timeout: 10,
    ...(options.setupClient ? { setupClient: options.setupClient } : {}),
  });
}

/** autocannon against one endpoint; errors are connection errors, timeouts and non-2xx replies. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  if ((options.warmupSeconds ?? 3) > 0) await cannon(options, options.warmupSeconds ?? 3);
  const result = await cannon(options, options.durationSeconds);
  return {
    label: options.label,
    connections: options.connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${title}`);
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(`  ${line(row)}`);
}

export const formatNumber = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * The production SPA the browser sections load, pointed at the bench API and emulator ports:
 * BENCH_DIST when set (a build made earlier), otherwise built into the work folder.
 */
export async function benchSpaDist(workDir: string): Promise<string> {
  if (process.env.BENCH_DIST) return process.env.BENCH_DIST;
  const root = join(workDir, 'dist');
  await buildSpa({
    settings: {
      apiPort: BENCH_PORTS.api,
      emulatorHost: `127.0.0.1:${BENCH_PORTS.emulator.port}`,
      projectId: BENCH_PROJECT_ID,
    },
    outDir: root,
    logFile: join(workDir, 'build.log'),
  });
  return root;
}
