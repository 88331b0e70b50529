import {
  DEFAULT_RETRY,
  isWorthRetrying,
  type JobDefinition,
  type JobLog,
  type JobRunner,
  type RetryPolicy,
} from './job-queue.ts';

/**
 * The runner for one process alone (PGlite): timers in this process. It keeps the queue's
 * promises: no overlapping runs of a task, retries with a doubling delay, each user's share of a
 * round run and retried on its own. Timers do not keep the process alive; stopping cancels the
 * waits between retries and waits for the runs in flight.
 */
export function inProcessRunner(log: JobLog, retry: RetryPolicy = DEFAULT_RETRY): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      timer.unref();
      stopping.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const warn = (name: string, error: unknown, extra: object = {}) =>
    log.warn(
      { err: error instanceof Error ? error.message : 'unknown', task: name, ...extra },
      `${name} failed`,
    );

  /** Tries each item, then the failed ones again after the retry delay, doubling each time. */
  const withRetries = async <T>(
    name: string,
    items: readonly T[],
    attempt: (item: T) => Promise<unknown>,
    describe: (item: T) => object,
  ) => {
    let pending = items;
    for (let round = 0; pending.length > 0 && !stopping.signal.aborted; round += 1) {
      const failed: T[] = [];
      for (const item of pending) {
        if (stopping.signal.aborted) return;
        try {
          await attempt(item);
        } catch (error) {
          warn(name, error, { ...describe(item), attempt: round + 1 });
          if (isWorthRetrying(error)) failed.push(item);
        }
      }
      if (round >= retry.retryLimit) return;
      pending = failed;
      if (pending.length > 0) await pause(retry.retryDelayMs * 2 ** round);
    }
  };

  const runOnce = async (definition: JobDefinition) => {
    if (definition.kind === 'task') {
      await withRetries(
        definition.name,
        [null],
        () => definition.task(),
        () => ({}),
      );
      return;
    }
    let users: string[];
    try {
      users = await definition.round.users();
    } catch (error) {
      warn(definition.name, error);
      return;
    }
    await withRetries(
      definition.name,
      users,
      (userId) => definition.round.run(userId),
      (userId) => ({
        userId,
      }),
    );
  };

  const run = (definition: JobDefinition) => {
    if (running.has(definition.name) || stopping.signal.aborted) return;
    running.set(
      definition.name,
      runOnce(definition).finally(() => running.delete(definition.name)),
    );
  };

  return {
    start: async (definitions) => {
      for (const definition of definitions) {
        const timer = setInterval(() => run(definition), definition.intervalMs);
        timer.unref();
        timers.push(timer);
        if (definition.kind === 'task' && definition.runAtStart) run(definition);
      }
    },
    stop: async () => {
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
