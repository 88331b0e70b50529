import { exec } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

import pg from 'pg';

import { formatNumber } from '../bench/support.ts';
import { faultApi, type FaultRunOptions, signedInUser } from './fault-api.ts';
import { countLeadNames } from './lead-counts.ts';
import { WRITERS } from './kill.ts';
import { startWriters } from './writers.ts';

/**
 * The command that restarts the PostgreSQL the run uses (Debian's cluster tools by default); set
 * FAULTS_PG_RESTART for another install. The check is skipped when the command fails.
 */
export const PG_RESTART_COMMAND =
  process.env.FAULTS_PG_RESTART ?? 'pg_ctlcluster 15 main restart -m fast';
export const BACK_BUDGET_MS = 2_000;

export type PgRestartOutcome = {
  engine: string;
  /** How long the restart command took (PostgreSQL away, then starting). */
  restartMs: number;
  /** From PostgreSQL accepting connections again to the API's first created row. */
  backMs: number;
  acknowledged: number;
  lost: number;
  duplicates: number;
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  internalErrors: number;
  apiExited: boolean;
  unexpected: string[];
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acceptsConnections(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Polls until the check answers true; answers the time it did. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return Date.now();
    await pause(25);
  }
  throw new Error(`Still not back after ${timeoutMs} ms`);
}

/**
 * Sixteen writers create leads while PostgreSQL restarts. While it is away the API must answer
 * 503 with Retry-After (never 500, never exit); once PostgreSQL accepts connections again the API
 * must create rows within the budget, and every acknowledged lead must be there exactly once.
 * Answers null (skipped) when the engine is PGlite or the restart command fails.
 */
export async function pgRestartUnderWriters(
  options: FaultRunOptions,
): Promise<PgRestartOutcome | null> {
  const databaseUrl = options.databaseUrl;
  if (!databaseUrl) return null;
  const api = faultApi(options);
  await api.start();
  const user = await signedInUser(api.url, options.emulatorHost);
  const writers = startWriters({
    url: () => api.url,
    headers: user.headers,
    count: WRITERS,
    prefix: `pg-restart-${options.engine.name}`,
  });
  await pause(1_500);
  const began = Date.now();
  try {
    await promisify(exec)(PG_RESTART_COMMAND, { timeout: 60_000 });
  } catch (error) {
    await writers.stop();
    await api.current().process.stop('SIGTERM');
    console.log(
      `  PostgreSQL restart skipped: "${PG_RESTART_COMMAND}" failed (${(error as Error).message.split('\n')[0]}). Set FAULTS_PG_RESTART.`,
    );
    return null;
  }
  const restartMs = Date.now() - began;
  const databaseBackAt = await waitUntil(() => acceptsConnections(databaseUrl), 30_000);
  let lastProbe = 'no answer';
  const probe = async () => {
    const answer = await fetch(`${api.url}/api/leads`, {
      method: 'POST',
      headers: {
        ...user.headers,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ contactName: `pg-restart-probe-${randomUUID()}` }),
    }).catch(() => undefined);
    lastProbe = answer ? `${answer.status} ${(await answer.text()).slice(0, 200)}` : 'no answer';
    return answer?.status === 201;
  };
  const apiBackAt = await waitUntil(probe, 30_000).catch((error: unknown) => {
    const output = api.current().process.output().slice(-1_500);
    throw new Error(
      `The API created no row after PostgreSQL came back (last answer: ${lastProbe})\n${output}`,
      { cause: error },
    );
  });
  await pause(1_500);
  const stats = await writers.stop();
  const apiExited = api.current().process.hasExited();
  if (!apiExited) await api.current().process.stop('SIGTERM');
  const counts = await countLeadNames(api, user.id);
  return {
    engine: options.engine.name,
    restartMs,
    backMs: Math.max(0, apiBackAt - databaseBackAt),
    acknowledged: stats.acknowledged.length,
    lost: stats.acknowledged.filter((name) => !counts.get(name)).length,
    duplicates: [...counts.values()].filter((copies) => copies > 1).length,
    unavailable: stats.unavailable,
    unavailableWithoutRetryAfter: stats.unavailableWithoutRetryAfter,
    internalErrors: stats.internalErrors,
    apiExited,
    unexpected: stats.unexpected,
  };
}

export function pgRestartRow(outcome: PgRestartOutcome): string[] {
  return [
    outcome.engine,
    `${formatNumber(outcome.restartMs)} ms`,
    `${formatNumber(outcome.backMs)} ms`,
    formatNumber(outcome.acknowledged),
    String(outcome.lost),
    String(outcome.duplicates),
    `${formatNumber(outcome.unavailable)} (${outcome.unavailableWithoutRetryAfter} bare)`,
    String(outcome.internalErrors + outcome.unexpected.length),
    outcome.apiExited ? 'exited' : 'running',
  ];
}

export function pgRestartPassed(outcome: PgRestartOutcome): boolean {
  return (
    outcome.backMs <= BACK_BUDGET_MS &&
    outcome.lost === 0 &&
    outcome.duplicates === 0 &&
    outcome.unavailableWithoutRetryAfter === 0 &&
    outcome.internalErrors === 0 &&
    outcome.unexpected.length === 0 &&
    !outcome.apiExited
  );
}
