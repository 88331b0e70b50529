import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase } from '#test-support/test-database';

import type { DatabaseHandle } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * A PostgreSQL connection that dies while a transaction holds it (a restart, a failover, an
 * administrator ending it) between two of its queries: the next query fails as "database
 * unavailable" (the API answers 503), the process goes on, and the pool serves the next request
 * on a new connection. PostgreSQL only.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('a connection lost inside a transaction', () => {
  let database: DatabaseHandle;
  let databaseUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const [row] = (
      (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await database.close();
  });

  it('fails that transaction as unavailable, without crashing, and the pool recovers', async () => {
    const outcome = database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      const pid = result.rows[0]?.pid;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      // The server's goodbye reaches the client while no query of it is running.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    const error = await outcome.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);

    const after = (await database.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
      rows: Array<{ answer: number }>;
    };
    expect(after.rows[0]?.answer).toBe(42);
  });
});
