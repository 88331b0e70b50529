import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { inProcessRunner } from './in-process-runner.ts';
import {
  assertJobName,
  DEFAULT_RETRY,
  type JobDefinition,
  type JobQueue,
  type RetryPolicy,
} from './job-queue.ts';
import { pgBossRunner } from './pg-boss-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export type JobsPluginOptions = { retry?: RetryPolicy };

/**
 * `app.jobs`: on PostgreSQL a pg-boss queue shared by every API process on the database; on
 * PGlite (one process) timers in this process. Areas register while the API starts; the work
 * starts when the API is ready and stops when it closes.
 */
async function jobsPlugin(app: FastifyInstance, options: JobsPluginOptions) {
  const retry = options.retry ?? DEFAULT_RETRY;
  const executeSql = app.database.executeSql;
  const runner = executeSql
    ? pgBossRunner(executeSql, app.log, retry)
    : inProcessRunner(app.log, retry);
  const definitions: JobDefinition[] = [];
  let started = false;

  const register = (definition: JobDefinition) => {
    assertJobName(definition.name);
    if (started) throw new Error(`${definition.name} was registered after the API started`);
    if (definitions.some((known) => known.name === definition.name)) {
      throw new Error(`${definition.name} is registered twice`);
    }
    definitions.push(definition);
  };

  app.decorate('jobs', {
    every: (name, intervalMs, task, taskOptions = {}) =>
      register({
        kind: 'task',
        name,
        intervalMs,
        task,
        runAtStart: taskOptions.runAtStart ?? false,
      }),
    everyForEachUser: (name, intervalMs, round) =>
      register({ kind: 'users', name, intervalMs, round }),
  } satisfies JobQueue);

  app.addHook('onReady', async () => {
    started = true;
    await runner.start(definitions);
  });

  app.addHook('onClose', async () => {
    if (started) await runner.stop();
  });
}

export default fp(jobsPlugin, { name: 'jobs' });
