import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { jobQueueIsCurrent, migrateJobQueue } from '../jobs/queue-schema.ts';
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
  /** PostgreSQL only: signals between the processes that share the database. */
  pubsub?: PostgresPubSub;
  /** PostgreSQL only: plain SQL on the pool, for the job queue (pg-boss writes its own SQL). */
  executeSql?: SqlExecutor;
};

/** Runs one SQL text (one or several statements) with optional parameters. */
export type SqlExecutor = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Array<Record<string, unknown>> }>;

/**
 * NOTIFY and LISTEN for the processes sharing one PostgreSQL database (the event relay uses it).
 * The connection settings stay in here, so nothing outside ever holds the URL and its password.
 */
export type PostgresPubSub = {
  /** Sends one notification through the pool; it reaches every listener once committed. */
  notify: (channel: string, payload: string) => Promise<void>;
  /**
   * A new connection outside the pool, not yet connected, for a session that must stay open
   * (LISTEN). The caller connects it, handles its errors and ends it.
   */
  dedicatedClient: (applicationName: string) => pg.Client;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  | {
      engine: 'pglite';
      dataDir?: string;
      /** In memory only: start from this dump of a data directory (tests load a migrated one). */
      loadDataDir?: Blob;
    }
  | {
      engine: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * true (the default): apply the committed migrations before anything else touches the
       * database. false: apply nothing and refuse to open a database that is behind them (a
       * release step runs `npm run db:migrate` once, the replicas only check).
       */
      migrate?: boolean;
    };

/** Why the API will not open a PostgreSQL database that lacks committed migrations. */
export class DatabaseBehindError extends Error {
  constructor(readonly pending: number) {
    super(
      `The database is ${pending} migration${pending === 1 ? '' : 's'} behind this release: ` +
        'run npm run db:migrate first (or start with MIGRATE_ON_START=true).',
    );
    this.name = 'DatabaseBehindError';
  }
}

/** Why the API will not start on PostgreSQL whose job queue tables are missing or old. */
export class JobQueueBehindError extends Error {
  constructor() {
    super(
      "The database's job queue tables are missing or older than this release: " +
        'run npm run db:migrate first (or start with MIGRATE_ON_START=true).',
    );
    this.name = 'JobQueueBehindError';
  }
}

/** The pool (or one of its connections) as the job queue's SQL executor. */
function executorOf(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return async (text, values) => {
    const result = await client.query<Record<string, unknown>>(text, values);
    return { rows: result.rows };
  };
}

// Any constant shared by every process: the key of the advisory lock that serializes migrators.
const MIGRATION_LOCK_KEY = 7_240_513_301;

/** The committed migrations, oldest first, with the creation time drizzle records for each. */
function committedMigrations() {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * How many committed migrations the database lacks. Drizzle records each applied one in
 * `drizzle.__drizzle_migrations` and applies only those newer than the newest row, so the same
 * rule counts what it would apply.
 */
export async function pendingMigrations(pool: pg.Pool | pg.PoolClient): Promise<number> {
  const exists = await pool.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  let newest = -1;
  if (exists.rows[0]?.found) {
    const last = await pool.query<{ created_at: string | null }>(
      'select max(created_at)::text as created_at from drizzle.__drizzle_migrations',
    );
    const value = last.rows[0]?.created_at;
    if (value !== null && value !== undefined) newest = Number(value);
  }
  return committedMigrations().filter((migration) => migration.folderMillis > newest).length;
}

/**
 * Applies the committed migrations that are missing and returns how many it applied, then
 * creates or upgrades the job queue's tables. Replicas that start together wait for each other on
 * an advisory lock, so only one of them migrates.
 */
export async function migratePostgres(pool: pg.Pool): Promise<number> {
  const lock = await pool.connect();
  // A connection that failed is closed rather than handed back to the pool.
  let failed = false;
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const pending = await pendingMigrations(lock);
      if (pending > 0) {
        // On the locked connection itself, so a pool of one cannot wait on itself.
        const db = drizzlePg({ client: lock, schema, casing: 'snake_case' });
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      }
      await migrateJobQueue(executorOf(lock));
      return pending;
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    lock.release(failed);
  }
}

/**
 * Opens the database. PGlite, and PostgreSQL unless told otherwise, first applies every committed
 * migration before anything else touches it.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'postgres') {
    // JIT compiling a plan costs 50-150 ms and only pays off on scans of millions of rows; every
    // query here reads one user's rows, so each connection starts with JIT off. An `options`
    // parameter in the URL replaces this one (docs/decisions/0012).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c jit=off',
    });
    // A backend connection that drops (a restart, failover, a cut network) must never crash the
    // process. The pool reports idle connections on its own 'error'; a connection a request holds
    // (a transaction between two queries) reports on the client, so every client gets a listener.
    // The query that was running fails (503, see unavailable.ts), the broken client is discarded
    // when released, and the pool opens new connections.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    try {
      if (options.migrate === false) {
        const pending = await pendingMigrations(pool);
        if (pending > 0) throw new DatabaseBehindError(pending);
        if (!(await jobQueueIsCurrent(executorOf(pool)))) throw new JobQueueBehindError();
      } else {
        await migratePostgres(pool);
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const url = options.url;
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      executeSql: executorOf(pool),
      pubsub: {
        notify: async (channel, payload) => {
          await pool.query('select pg_notify($1, $2)', [channel, payload]);
        },
        dedicatedClient: (applicationName) =>
          new pg.Client({
            connectionString: url,
            options: '-c jit=off',
            application_name: applicationName,
            // A dead peer (failover, a cut network) is noticed by the socket, not only by a query.
            keepAlive: true,
            keepAliveInitialDelayMillis: 10_000,
            connectionTimeoutMillis: 10_000,
          }),
      },
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
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined);
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
