import { randomBytes } from 'node:crypto';

import pg from 'pg';

import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.ts';
import { readPgliteTemplate } from './pglite-template.ts';

/**
 * A fresh, migrated database of its own for one test file: PGlite in memory (from the migrated
 * template when the global setup wrote one), or a new PostgreSQL database when `TEST_DB=postgres`
 * and `TEST_DATABASE_URL` are set. Closing the handle drops the PostgreSQL database.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({ engine: 'pglite', loadDataDir: readPgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const fresh = await createPostgresDatabase(adminUrl, 'bidwright_t');
  const database = await openDatabase({ engine: 'postgres', url: fresh.url, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * A new, empty PostgreSQL database on the server of `adminUrl` (named `prefix_` and random hex),
 * with its URL and a drop that retries while a background worker is still inside it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  try {
    // An autovacuum worker may still be in the database for a moment; the test role cannot end
    // it, so the drop is tried again before the leftover database is only reported.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      } catch (error) {
        if (attempt >= 10) {
          console.warn(`Could not drop the test database ${name}: ${String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  } finally {
    await cleanup.end();
  }
}
