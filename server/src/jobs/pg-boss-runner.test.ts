import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPostgresDatabase } from '#test-support/test-database';

import { HttpError } from '../http-error.ts';
import { JobQueueBehindError, openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { JobDefinition, JobRunner } from './job-queue.ts';
import { pgBossRunner } from './pg-boss-runner.ts';

/**
 * Two runners on one PostgreSQL database, as two API replicas: each interval's job runs once
 * whichever replica ticks, per-user jobs run once per user and interval, failures are retried.
 * PostgreSQL only.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const quiet = { warn: () => {} };

describe.skipIf(!onPostgres)('the pg-boss job runner shared by two replicas', () => {
  let database: { url: string; drop: () => Promise<void> };
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', 'bidwright_q');
    for (let replica = 0; replica < 2; replica += 1) {
      handles.push(await openDatabase({ engine: 'postgres', url: database.url, poolSize: 4 }));
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });

  /** Starts the same definitions on both replicas, waits, stops both. */
  const runOnBoth = async (definitions: (replica: number) => JobDefinition[], ms: number) => {
    const runners: JobRunner[] = handles.map((handle) =>
      pgBossRunner(handle.executeSql!, quiet, { retryLimit: 2, retryDelayMs: 1_000 }),
    );
    await Promise.all(runners.map((runner, replica) => runner.start(definitions(replica))));
    await new Promise((resolve) => setTimeout(resolve, ms));
    await Promise.all(runners.map((runner) => runner.stop()));
  };

  it('runs a scheduled task once per interval, though both replicas tick it', async () => {
    const runs: number[] = [];
    await runOnBoth(
      (replica) => [
        {
          kind: 'task',
          name: 'shared-task',
          intervalMs: 1_000,
          runAtStart: true,
          task: async () => {
            runs.push(replica);
          },
        },
      ],
      4_500,
    );
    // A job runs when a worker polls, which may fall in the next second: the interval a run
    // belongs to is its job's slot, so runs are counted against the jobs.
    const jobs = (
      await handles[0]!.executeSql!(
        `select singleton_on::text as slot, state from pgboss.job where name = 'shared-task'`,
      )
    ).rows as Array<{ slot: string; state: string }>;
    const completed = jobs.filter((job) => job.state === 'completed');
    expect(runs.length).toBeGreaterThanOrEqual(3);
    // Every run is one completed job, and no interval slot has two jobs.
    expect(runs).toHaveLength(completed.length);
    expect(new Set(jobs.map((job) => job.slot)).size).toBe(jobs.length);
  }, 30_000);

  it('runs each user once per interval across replicas, retries a failed user, not a refused one', async () => {
    const runs: Array<{ userId: string; at: number; failed: boolean }> = [];
    let bobFailures = 1;
    await runOnBoth(
      () => [
        {
          kind: 'users',
          name: 'shared-round',
          intervalMs: 3_000,
          round: {
            users: async () => ['alice', 'bob', 'carol', 'dave'],
            run: async (userId) => {
              if (userId === 'dave') {
                runs.push({ userId, at: Date.now(), failed: true });
                throw new HttpError(409, 'upwork_needs_reauth', 'Connect Upwork again.');
              }
              const failed = userId === 'bob' && bobFailures-- > 0;
              runs.push({ userId, at: Date.now(), failed });
              if (failed) throw new Error('Upwork answered 503');
            },
          },
        },
      ],
      5_500,
    );
    const jobs = (
      await handles[0]!.executeSql!(
        `select data->>'userId' as "userId", state, retry_count as "retries" from pgboss.job
         where name = 'shared-round-user'`,
      )
    ).rows as Array<{ userId: string; state: string; retries: number }>;
    for (const userId of ['alice', 'bob', 'carol']) {
      const completed = jobs.filter((job) => job.userId === userId && job.state === 'completed');
      const succeeded = runs.filter((run) => run.userId === userId && !run.failed);
      // Every job of the user ran exactly once to success, whichever replica took it.
      expect(completed.length).toBeGreaterThanOrEqual(1);
      expect(succeeded).toHaveLength(completed.length);
    }
    // Bob's failed job was retried and then completed.
    expect(runs.filter((run) => run.failed && run.userId === 'bob')).toHaveLength(1);
    expect(
      jobs.filter((job) => job.userId === 'bob' && job.state === 'completed' && job.retries > 0),
    ).toHaveLength(1);
    // Dave's Upwork needs connecting again: each round's job ran once and was not retried.
    const daveJobs = jobs.filter((job) => job.userId === 'dave');
    expect(daveJobs.length).toBeGreaterThanOrEqual(1);
    expect(daveJobs.every((job) => job.retries === 0 && job.state !== 'retry')).toBe(true);
    expect(runs.filter((run) => run.userId === 'dave')).toHaveLength(
      daveJobs.filter((job) => job.state === 'completed').length,
    );
    const duplicates = (
      await handles[0]!.executeSql!(
        `select data->>'userId' as user_id, singleton_on, count(*)::int as jobs from pgboss.job
         where name = 'shared-round-user' group by 1, 2 having count(*) > 1`,
      )
    ).rows;
    expect(duplicates).toEqual([]);
  }, 30_000);

  it('a replica that only checks refuses a database whose queue tables are missing', async () => {
    await handles[0]!.executeSql!('drop schema pgboss cascade');
    await expect(
      openDatabase({ engine: 'postgres', url: database.url, migrate: false }),
    ).rejects.toThrow(JobQueueBehindError);
    const migrating = await openDatabase({ engine: 'postgres', url: database.url });
    await migrating.close();
    const checking = await openDatabase({ engine: 'postgres', url: database.url, migrate: false });
    await checking.close();
  }, 30_000);
});
