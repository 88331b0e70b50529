import { formatNumber } from '../bench/support.ts';
import { faultApi, type FaultRunOptions, signedInUser } from './fault-api.ts';
import { countLeadNames } from './lead-counts.ts';
import { startWriters } from './writers.ts';

export const WRITERS = 16;
export const KILL_ROUNDS = Number(process.env.FAULTS_KILL_ROUNDS ?? 20);
export const RESTART_BUDGET_MS = 5_000;

export type KillOutcome = {
  engine: string;
  rounds: number;
  acknowledged: number;
  retries: number;
  lost: number;
  duplicates: number;
  restartP50Ms: number;
  restartMaxMs: number;
  internalErrors: number;
  unexpected: string[];
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sixteen writers create leads while the API is killed with SIGKILL and started again, round
 * after round. Afterwards every lead the API acknowledged must be there exactly once.
 */
export async function killUnderWriters(options: FaultRunOptions): Promise<KillOutcome> {
  const api = faultApi(options);
  await api.start();
  const user = await signedInUser(api.url, options.emulatorHost);
  const writers = startWriters({
    url: () => api.url,
    headers: user.headers,
    count: WRITERS,
    prefix: `kill-${options.engine.name}`,
  });
  const restarts: number[] = [];
  for (let round = 0; round < KILL_ROUNDS; round += 1) {
    await pause(500 + Math.random() * 1_000);
    const victim = api.current().process;
    const killedAt = Date.now();
    victim.kill();
    await victim.exited;
    await api.start();
    // From the kill to the next ready answer.
    restarts.push(Date.now() - killedAt);
  }
  await pause(1_000);
  const stats = await writers.stop();
  await api.current().process.stop('SIGTERM');
  const counts = await countLeadNames(api, user.id);
  restarts.sort((a, b) => a - b);
  return {
    engine: options.engine.name,
    rounds: KILL_ROUNDS,
    acknowledged: stats.acknowledged.length,
    retries: stats.retries,
    lost: stats.acknowledged.filter((name) => !counts.get(name)).length,
    duplicates: [...counts.values()].filter((copies) => copies > 1).length,
    restartP50Ms: restarts[Math.floor(restarts.length / 2)] ?? 0,
    restartMaxMs: restarts.at(-1) ?? 0,
    internalErrors: stats.internalErrors,
    unexpected: stats.unexpected,
  };
}

export function killRow(outcome: KillOutcome): string[] {
  return [
    outcome.engine,
    String(outcome.rounds),
    formatNumber(outcome.acknowledged),
    formatNumber(outcome.retries),
    String(outcome.lost),
    String(outcome.duplicates),
    `${formatNumber(outcome.restartP50Ms)} / ${formatNumber(outcome.restartMaxMs)} ms`,
    String(outcome.internalErrors + outcome.unexpected.length),
  ];
}

export function killPassed(outcome: KillOutcome): boolean {
  return (
    outcome.lost === 0 &&
    outcome.duplicates === 0 &&
    outcome.restartMaxMs <= RESTART_BUDGET_MS &&
    outcome.internalErrors === 0 &&
    outcome.unexpected.length === 0
  );
}
