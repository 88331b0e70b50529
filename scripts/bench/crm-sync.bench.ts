/**
 * CRM sync: the Upwork transaction sync of a ledger of 5,000 rows (target: seconds, not minutes),
 * and the rows a second run writes (must be 0), on PGlite and, with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, on PostgreSQL, side by side. The sync runs in this process against the local
 * Upwork sandbox, with a user connected through the sandbox's OAuth like a real one.
 *
 *   npm run bench -- crm            every crm-* section
 *   npm run bench -- crm-sync       this one
 *   BENCH_TRANSACTIONS=20000 npm run bench -- crm-sync
 */
import { join } from 'node:path';

import { loadConfig } from '../../server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.ts';
import { users } from '../../server/src/db/schema/users.ts';
import { syncTransactions } from '../../server/src/modules/transactions/service.ts';
import { completeConnect, startConnect } from '../../server/src/modules/upwork/oauth-flow.ts';
import { sharedLimiter, type UpworkDeps } from '../../server/src/modules/upwork/service.ts';
import { startUpworkSandbox, type UpworkSandbox } from '../../tests/support/upwork-sandbox.ts';

import {
  BENCH_PORTS,
  BENCH_PROJECT_ID,
  createScratchDatabase,
  formatNumber,
  printTable,
  type BenchContext,
  type BenchSection,
  type Engine,
} from './support.ts';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 5_000);
/** The first sync of 5,000 rows must take seconds: past this the section fails. */
const FIRST_SYNC_BUDGET_MS = 30_000;

export type CrmSyncResult = {
  engine: Engine['name'];
  fetched: number;
  firstMs: number;
  firstWritten: number;
  secondMs: number;
  secondWritten: number;
};

async function openEngine(
  engine: Engine,
  workDir: string,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine.databaseUrl) {
    const scratch = await createScratchDatabase(engine.databaseUrl);
    const handle = await openDatabase({ engine: 'postgres', url: scratch.url });
    return {
      handle,
      drop: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const handle = await openDatabase({
    engine: 'pglite',
    dataDir: join(workDir, `crm-sync-${Date.now()}`),
  });
  return { handle, drop: () => handle.close() };
}

/** A user row and a connection made the way the Settings page makes it (authorize, callback). */
async function connectedUser(deps: UpworkDeps): Promise<string> {
  const [user] = await deps.db
    .insert(users)
    .values({ firebaseUid: `bench-${Date.now()}`, email: `crm-sync-${Date.now()}@example.com` })
    .returning();
  if (!user) throw new Error('bench user insert returned nothing');
  const authorizeUrl = await startConnect(deps, user.id);
  const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location') ?? '');
  await completeConnect(deps, user.id, {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
  });
  return user.id;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function runEngine(
  engine: Engine,
  sandbox: UpworkSandbox,
  workDir: string,
): Promise<CrmSyncResult> {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    FIREBASE_PROJECT_ID: BENCH_PROJECT_ID,
    // Local mode (loopback and the emulator's address): the sync never signs anyone in.
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${BENCH_PORTS.emulator.port}`,
    UPWORK_CLIENT_ID: sandbox.clientId,
    UPWORK_CLIENT_SECRET: sandbox.clientSecret,
    UPWORK_AUTHORIZE_URL: sandbox.authorizeUrl,
    UPWORK_TOKEN_URL: sandbox.tokenUrl,
    UPWORK_GRAPHQL_URL: sandbox.graphqlUrl,
  });
  const { handle, drop } = await openEngine(engine, workDir);
  try {
    const deps: UpworkDeps = { db: handle.db, config, limiter: sharedLimiter(config) };
    const userId = await connectedUser(deps);
    const first = await timed(() => syncTransactions(deps, userId));
    const second = await timed(() => syncTransactions(deps, userId));
    return {
      engine: engine.name,
      fetched: first.value.fetched,
      firstMs: first.ms,
      firstWritten: first.value.created,
      secondMs: second.ms,
      secondWritten: second.value.created,
    };
  } finally {
    await drop();
  }
}

/** Runs the sync bench on every engine and prints one table; the crm group calls it too. */
export async function crmSyncBench(context: BenchContext): Promise<CrmSyncResult[]> {
  const sandbox = await startUpworkSandbox({ transactionCount: TRANSACTIONS });
  const results: CrmSyncResult[] = [];
  try {
    for (const engine of context.engines()) {
      results.push(await runEngine(engine, sandbox, context.workDir));
    }
  } finally {
    await sandbox.close();
  }
  const cell = (pick: (result: CrmSyncResult) => string) => results.map(pick);
  printTable(
    `Upwork transaction sync of ${formatNumber(TRANSACTIONS)} rows (sandbox on loopback)`,
    ['', ...results.map((result) => result.engine)],
    [
      ['rows fetched', ...cell((r) => formatNumber(r.fetched))],
      ['first sync', ...cell((r) => `${formatNumber(r.firstMs)} ms`)],
      ['rows written, first sync', ...cell((r) => formatNumber(r.firstWritten))],
      ['second sync', ...cell((r) => `${formatNumber(r.secondMs)} ms`)],
      ['rows written, second sync (must be 0)', ...cell((r) => formatNumber(r.secondWritten))],
    ],
  );
  if (context.engines().length === 1) {
    console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
  }
  const wrong = results.filter(
    (r) =>
      r.secondWritten !== 0 || r.firstWritten !== r.fetched || r.firstMs > FIRST_SYNC_BUDGET_MS,
  );
  if (wrong.length > 0) {
    throw new Error(
      `the sync missed its targets on ${wrong.map((r) => r.engine).join(', ')} (every row written once, the second run writes 0, the first under ${FIRST_SYNC_BUDGET_MS / 1000} s)`,
    );
  }
  return results;
}

const section: BenchSection = {
  name: 'crm-sync',
  description: `the Upwork transaction sync of ${formatNumber(TRANSACTIONS)} rows, twice`,
  run: async (context) => {
    await crmSyncBench(context);
  },
};

export default section;
