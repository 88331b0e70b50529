import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { ensurePrivateDir, tightenTree } from '../storage/private-files.ts';
import * as schema from './schema/index.ts';

/** Both engines share this type: services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  { engine: 'pglite'; dataDir?: string } | { engine: 'postgres'; url: string; poolSize?: number };

/** Opens the database and applies every committed migration before anything else touches it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without this listener a dropped backend connection crashes the process; the pool reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  const dir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dir) {
    ensurePrivateDir(dir);
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite writes its initial files readable and writable by everyone: only our user may.
  if (dir) tightenTree(dir);
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) {
        // A checkpoint before close leaves the data directory consistent for the next start.
        await client.query('CHECKPOINT').catch(() => {});
        await client.close();
        if (dir) tightenTree(dir);
      }
    },
  };
}
