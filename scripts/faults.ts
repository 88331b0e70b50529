/**
 * `npm run test:faults`: the API under faults, each check printed as a table row with its figures
 * and a pass/fail; exits 1 when any check fails. Not part of `npm test` (it kills processes and
 * takes minutes); run it on an otherwise idle machine.
 *
 *   npm run test:faults                  every check, on PGlite and (with TEST_DATABASE_URL or
 *                                        BENCH_DATABASE_URL) on PostgreSQL
 *   npm run test:faults -- kill          one check (kill, sigterm, pg-restart, providers)
 *   FAULTS_PG_RESTART="…"                the command that restarts PostgreSQL (pg-restart)
 *   FAULTS_KILL_ROUNDS=5                 fewer kill rounds (default 20)
 *   FAULTS_LOG_LEVEL=info                the API's log level under faults (default warn)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { acquireRunLock } from '../tests/support/stack.ts';

import { buildServer } from './build-server.ts';
import { createContext, createScratchDatabase, printTable } from './bench/support.ts';
import { killPassed, killRow, killUnderWriters, KILL_ROUNDS, WRITERS } from './faults/kill.ts';
import {
  BACK_BUDGET_MS,
  pgRestartPassed,
  pgRestartRow,
  pgRestartUnderWriters,
} from './faults/pg-restart.ts';
import {
  PROVIDER_HEADER,
  providerPassed,
  providerRow,
  PROVIDERS_TITLE,
  providersUnderFaults,
} from './faults/providers.ts';
import { drainPassed, drainRow, sigtermUnderWriters } from './faults/sigterm.ts';

const CHECKS = ['kill', 'sigterm', 'pg-restart', 'providers'] as const;

async function main() {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !CHECKS.includes(name as (typeof CHECKS)[number]));
  if (unknown.length > 0) {
    console.error(`Unknown check(s): ${unknown.join(', ')}. Checks: ${CHECKS.join(', ')}`);
    process.exit(2);
  }
  const runs = (check: (typeof CHECKS)[number]) => wanted.length === 0 || wanted.includes(check);
  // The checks use the bench's fixed ports: one run of either at a time.
  const releaseLock = await acquireRunLock('bench', {
    onWait: (holder) => console.log(`Waiting for the bench run of process ${holder} to finish…`),
  });
  const workDir = mkdtempSync(join(tmpdir(), 'bidwright-faults-'));
  const { context, dispose } = createContext(workDir);
  const failures: string[] = [];
  try {
    // The API runs from the built server, so restarts are timed as a production replica sees
    // them. The bundle stays in the repository: its dependencies resolve from node_modules.
    const bundle = await buildServer();
    const emulatorHost = await context.emulatorHost();
    const engines = context.engines();
    if (runs('kill')) {
      const rows: string[][] = [];
      for (const engine of engines) {
        const outcome = await killUnderWriters({
          engine,
          databaseUrl: await scratch(engine),
          workDir: join(workDir, `kill-${engine.name}`),
          emulatorHost,
          bundle,
        });
        rows.push([...killRow(outcome), killPassed(outcome) ? 'pass' : 'FAIL']);
        if (!killPassed(outcome)) failures.push(`kill on ${engine.name}`);
        for (const line of outcome.unexpected.slice(0, 5)) console.log(`  unexpected: ${line}`);
      }
      printTable(
        `SIGKILL under ${WRITERS} writers, ${KILL_ROUNDS} rounds (Idempotency-Key on every create; budget: 0 lost, 0 duplicates, restart <= 5 s)`,
        [
          'engine',
          'rounds',
          'acked',
          'retries',
          'lost',
          'dupes',
          'restart p50 / max',
          '5xx/odd',
          '',
        ],
        rows,
      );
    }
    if (runs('sigterm')) {
      const rows: string[][] = [];
      for (const engine of engines) {
        const outcome = await sigtermUnderWriters({
          engine,
          databaseUrl: await scratch(engine),
          workDir: join(workDir, `sigterm-${engine.name}`),
          emulatorHost,
          bundle,
        });
        rows.push([...drainRow(outcome), drainPassed(outcome) ? 'pass' : 'FAIL']);
        if (!drainPassed(outcome)) failures.push(`sigterm on ${engine.name}`);
      }
      printTable(
        `SIGTERM under ${WRITERS} writers (budget: exits 0 within 10 s, nothing acknowledged lost; PGlite: a second process on the folder refuses)`,
        ['engine', 'drain', 'exit', 'acked', 'lost', 'second process', ''],
        rows,
      );
    }
    if (runs('pg-restart')) {
      const rows: string[][] = [];
      for (const engine of engines.filter((candidate) => candidate.databaseUrl)) {
        const outcome = await pgRestartUnderWriters({
          engine,
          databaseUrl: await scratch(engine),
          workDir: join(workDir, `pg-restart-${engine.name}`),
          emulatorHost,
          bundle,
        });
        if (!outcome) continue;
        rows.push([...pgRestartRow(outcome), pgRestartPassed(outcome) ? 'pass' : 'FAIL']);
        if (!pgRestartPassed(outcome)) failures.push(`pg-restart on ${engine.name}`);
        for (const line of outcome.unexpected.slice(0, 5)) console.log(`  unexpected: ${line}`);
      }
      printTable(
        `PostgreSQL restarted under ${WRITERS} writers (budget: 503 with Retry-After while away, never 500, API keeps running, rows again within ${BACK_BUDGET_MS} ms of the database)`,
        ['engine', 'restart', 'back', 'acked', 'lost', 'dupes', '503s', '5xx/odd', 'API', ''],
        rows,
      );
    }
    if (runs('providers')) {
      const began = Date.now();
      const rows: string[][] = [];
      const failed: string[] = [];
      for (const engine of engines) {
        const outcomes = await providersUnderFaults({
          engine,
          databaseUrl: await scratch(engine),
          workDir: join(workDir, `providers-${engine.name}`),
          emulatorHost,
          bundle,
        });
        for (const outcome of outcomes) {
          const passed = providerPassed(outcome);
          rows.push([...providerRow(outcome), passed ? 'pass' : 'FAIL']);
          if (passed) continue;
          failures.push(`providers: ${outcome.provider} ${outcome.fault} on ${engine.name}`);
          for (const problem of outcome.problems)
            failed.push(`${engine.name}, ${outcome.provider} ${outcome.fault}: ${problem}`);
        }
      }
      printTable(PROVIDERS_TITLE, PROVIDER_HEADER, rows);
      for (const line of failed) console.log(`  failed: ${line}`);
      console.log(`  (providers took ${Math.round((Date.now() - began) / 1000)} s)`);
    }
  } finally {
    for (const drop of scratches) await drop().catch(() => undefined);
    await dispose();
    rmSync(workDir, { recursive: true, force: true });
    releaseLock();
  }
  if (failures.length > 0) {
    console.error(`\nFault checks that failed: ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log('\nEvery fault check passed.');
}

/** Fresh PostgreSQL databases for the checks, dropped when the run ends. */
const scratches: Array<() => Promise<void>> = [];
async function scratch(engine: { databaseUrl?: string }): Promise<string | undefined> {
  if (!engine.databaseUrl) return undefined;
  const fresh = await createScratchDatabase(engine.databaseUrl);
  scratches.push(fresh.drop);
  return fresh.url;
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
