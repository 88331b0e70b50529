import PgBoss from 'pg-boss';

import type { SqlExecutor } from '../db/client.ts';
import {
  DEFAULT_RETRY,
  isWorthRetrying,
  type JobDefinition,
  type JobLog,
  type JobRunner,
  type RetryPolicy,
} from './job-queue.ts';
import { JOB_QUEUE_SCHEMA } from './queue-schema.ts';

/** How long stopping waits for runs in flight before failing them back to the queue. */
const STOP_WAIT_MS = 5_000;
/** A queue error (the database restarting, say) is logged at most this often. */
const ERROR_LOG_EVERY_MS = 10_000;

/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01';

type UserJobData = { userId?: unknown };

/**
 * The runner for API processes sharing one PostgreSQL: pg-boss, on the API's own connection pool.
 *
 * Each process ticks every task several times per interval and sends one job per tick, throttled
 * to one per interval slot (pg-boss `singletonSeconds`, kept by a unique index); so whichever
 * processes are alive, each interval gets exactly one job, and workers in every process claim
 * jobs with `FOR UPDATE SKIP LOCKED`, so exactly one runs it. A round of per-user work inserts one
 * job per user, throttled the same way by user id, and those are shared out between the processes.
 * Failed jobs are retried by pg-boss with a doubling delay. The queue's tables are created and
 * upgraded with the migrations, never here.
 */
export function pgBossRunner(
  executeSql: SqlExecutor,
  log: JobLog,
  retry: RetryPolicy = DEFAULT_RETRY,
): JobRunner {
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    // Throttled sends replace pg-boss's cron, which counts in minutes.
    schedule: false,
    supervise: true,
  });
  const timers: NodeJS.Timeout[] = [];
  let lastErrorLogged = 0;
  const warnThrottled = (error: unknown, message: string) => {
    const now = Date.now();
    if (now - lastErrorLogged < ERROR_LOG_EVERY_MS) return;
    lastErrorLogged = now;
    log.warn({ err: error instanceof Error ? error.message : 'unknown' }, message);
  };
  boss.on('error', (error) => warnThrottled(error, 'job queue error'));

  /**
   * Runs the work; a failure is logged and rethrown, so pg-boss retries the job. A failure no retry
   * can mend completes the job instead.
   */
  const logged = async (name: string, context: object, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : 'unknown', task: name, ...context },
        `${name} failed`,
      );
      if (isWorthRetrying(error)) throw error;
    }
  };

  const queueOptions = {
    retryLimit: retry.retryLimit,
    retryDelay: Math.max(1, Math.round(retry.retryDelayMs / 1000)),
    retryBackoff: true,
  };

  /**
   * Creates the queue unless it exists. Replicas starting together may create the same queue at
   * once, and PostgreSQL then ends one of them as a deadlock (both attach a table to the job
   * table); creating is idempotent, so that one waits a moment and tries again.
   */
  const ensureQueue = async (name: string) => {
    for (let attempt = 1; ; attempt += 1) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name, { name, ...queueOptions });
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  };

  const startTask = async (definition: JobDefinition) => {
    const slotSeconds = Math.max(1, Math.round(definition.intervalMs / 1000));
    const pollingIntervalSeconds = Math.min(2, Math.max(0.5, slotSeconds / 4));
    await ensureQueue(definition.name);
    if (definition.kind === 'task') {
      await boss.work(definition.name, { pollingIntervalSeconds }, async () => {
        await logged(definition.name, {}, definition.task);
      });
    } else {
      const userQueue = `${definition.name}-user`;
      await ensureQueue(userQueue);
      await boss.work(definition.name, { pollingIntervalSeconds }, async () => {
        const users = await definition.round.users();
        if (users.length === 0) return;
        await boss.insert(
          users.map((userId) => ({
            name: userQueue,
            data: { userId },
            singletonKey: userId,
            singletonSeconds: slotSeconds,
          })),
        );
      });
      await boss.work<UserJobData>(userQueue, { pollingIntervalSeconds }, async ([job]) => {
        const userId = job?.data.userId;
        if (typeof userId !== 'string') return;
        await logged(definition.name, { userId }, () => definition.round.run(userId));
      });
    }
    const send = () =>
      boss
        .send(definition.name, {}, { singletonKey: 'round', singletonSeconds: slotSeconds })
        .catch((error: unknown) => warnThrottled(error, `${definition.name} was not queued`));
    // Ticking four times per slot (at most once a minute) leaves no slot without a job, whatever
    // the timers' drift; the throttle drops the extra sends.
    const timer = setInterval(send, Math.min(60_000, Math.max(250, definition.intervalMs / 4)));
    timer.unref();
    timers.push(timer);
    if (definition.kind === 'task' && definition.runAtStart) await send();
  };

  return {
    start: async (definitions) => {
      await boss.start();
      for (const definition of definitions) await startTask(definition);
    },
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_WAIT_MS });
    },
  };
}
