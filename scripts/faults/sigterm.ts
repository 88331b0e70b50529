import { join } from 'node:path';

import { apiEnv, BIN, spawnProcess } from '../../tests/support/stack.ts';
import { BENCH_PORTS, BENCH_PROJECT_ID, formatNumber } from '../bench/support.ts';
import { faultApi, type FaultRunOptions, signedInUser } from './fault-api.ts';
import { countLeadNames } from './lead-counts.ts';

export const DRAIN_BUDGET_MS = 10_000;

export type DrainOutcome = {
  engine: string;
  drainMs: number;
  exitCode: number | null;
  acknowledged: number;
  lost: number;
  /** PGlite: what a second process on the same folder did ('refused' is right); else 'n/a'. */
  secondProcess: string;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM while sixteen writers create leads: the API stops taking requests, finishes those in
 * flight, closes its database (PGlite checkpoints) and exits 0 within the budget. On PGlite a
 * second process started on the same folder meanwhile must refuse to start.
 */
export async function sigtermUnderWriters(options: FaultRunOptions): Promise<DrainOutcome> {
  const api = faultApi(options);
  await api.start();
  const user = await signedInUser(api.url, options.emulatorHost);

  let secondProcess = 'n/a';
  if (!options.databaseUrl) secondProcess = await secondProcessOnSameFolder(api.dataDir, options);

  // Writers that stop at the first failure: after SIGTERM nobody restarts the API.
  const acknowledged: string[] = [];
  let stopping = false;
  const loops = Array.from({ length: 16 }, async (_, writer) => {
    for (let n = 0; !stopping; n += 1) {
      const contactName = `drain-w${writer}-${n}`;
      try {
        const answer = await fetch(`${api.url}/api/leads`, {
          method: 'POST',
          headers: { ...user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ contactName }),
        });
        await answer.arrayBuffer();
        if (answer.status === 201) acknowledged.push(contactName);
        else return;
      } catch {
        return;
      }
    }
  });
  await pause(2_000);
  const process = api.current().process;
  const began = Date.now();
  process.child.kill('SIGTERM');
  const exitCode = await process.exited;
  const drainMs = Date.now() - began;
  if (exitCode !== 0) console.log(`  the API's last output:\n${process.output().slice(-1_500)}`);
  stopping = true;
  await Promise.all(loops);

  if (!options.databaseUrl) await api.start().then(() => api.current().process.stop('SIGTERM'));
  const counts = await countLeadNames(api, user.id);
  return {
    engine: options.engine.name,
    drainMs,
    exitCode,
    acknowledged: acknowledged.length,
    lost: acknowledged.filter((name) => !counts.get(name)).length,
    secondProcess,
  };
}

/** Starts a second API on the folder the first one holds: it must exit with a clear refusal. */
async function secondProcessOnSameFolder(
  dataDir: string,
  options: { emulatorHost: string; workDir: string },
): Promise<string> {
  const second = spawnProcess('a second API', join(BIN, 'tsx'), ['server/src/main.ts'], {
    env: apiEnv({
      port: BENCH_PORTS.api + 1,
      dataDir,
      emulatorHost: options.emulatorHost,
      projectId: BENCH_PROJECT_ID,
      corsOrigins: [`http://localhost:${BENCH_PORTS.web}`],
      logLevel: 'warn',
    }),
    logFile: join(options.workDir, 'second-api.log'),
  });
  const code = await Promise.race([second.exited, pause(20_000).then(() => 'running' as const)]);
  if (code === 'running') {
    await second.stop('SIGKILL');
    return 'STARTED';
  }
  return code !== 0 && second.output().includes('is in use by process')
    ? 'refused'
    : `exit ${code}`;
}

export function drainRow(outcome: DrainOutcome): string[] {
  return [
    outcome.engine,
    `${formatNumber(outcome.drainMs)} ms`,
    String(outcome.exitCode),
    formatNumber(outcome.acknowledged),
    String(outcome.lost),
    outcome.secondProcess,
  ];
}

export function drainPassed(outcome: DrainOutcome): boolean {
  return (
    outcome.drainMs <= DRAIN_BUDGET_MS &&
    outcome.exitCode === 0 &&
    outcome.lost === 0 &&
    (outcome.secondProcess === 'refused' || outcome.secondProcess === 'n/a')
  );
}
