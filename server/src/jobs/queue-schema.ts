import PgBoss from 'pg-boss';

import type { SqlExecutor } from '../db/client.ts';

/** The PostgreSQL schema that holds the job queue's tables, beside the app's own. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * Creates the job queue's tables, or upgrades them to this release's pg-boss. Part of the
 * migrations: it runs where they run (the release step, or a process migrating at start) and
 * under the same lock, never on its own in a replica.
 */
export async function migrateJobQueue(executeSql: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    schedule: false,
    supervise: false,
  });
  // Errors reach the caller through start(); an unheard 'error' event would end the process.
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** True when the job queue's tables match this release's pg-boss (a replica checks, never migrates). */
export async function jobQueueIsCurrent(executeSql: SqlExecutor): Promise<boolean> {
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: false,
  });
  boss.on('error', () => {});
  try {
    await boss.start();
  } catch {
    return false;
  }
  await boss.stop({ graceful: false, close: false, wait: true });
  return true;
}
