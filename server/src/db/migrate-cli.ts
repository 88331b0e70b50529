/**
 * `npm run db:migrate`: the release step that applies the committed migrations to DATABASE_URL
 * once, before the API replicas (started with MIGRATE_ON_START=false) roll. Prints how many it
 * applied; exits 1 when DATABASE_URL is missing or the database cannot be reached or migrated.
 * Messages name the host and database, never the password.
 */
import { resolve } from 'node:path';

import pg from 'pg';

import { migratePostgres } from './client.ts';

/** host:port/database of a URL, for messages: the credentials stay out. */
export function describeDatabase(url: URL): string {
  const database = url.pathname.replace(/^\//, '') || '(default database)';
  return `${url.hostname}${url.port ? `:${url.port}` : ''}/${database}`;
}

/** An error's own words, with the password cut out should a driver ever echo the URL. */
function reason(error: unknown, password: string): string {
  const code = (error as { code?: unknown }).code;
  let message = error instanceof Error ? error.message : String(error);
  if (!message && error instanceof AggregateError) {
    message = error.errors.map((inner: unknown) => String((inner as Error).message)).join('; ');
  }
  if (password) message = message.split(password).join('***');
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

export type MigrateOutcome =
  { ok: true; applied: number; target: string } | { ok: false; error: string };

export async function runMigrations(env: NodeJS.ProcessEnv): Promise<MigrateOutcome> {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) {
    return {
      ok: false,
      error:
        'DATABASE_URL is not set: db:migrate applies the migrations to a PostgreSQL database, e.g. DATABASE_URL=postgres://user:password@host:5432/bidwright (PGlite migrates itself when the API starts).',
    };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      ok: false,
      error: 'DATABASE_URL is not a URL: expected postgres://user:password@host:5432/database.',
    };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return { ok: false, error: `DATABASE_URL must be a postgres:// URL, not ${url.protocol}//.` };
  }
  const target = describeDatabase(url);
  const password = decodeURIComponent(url.password);
  const pool = new pg.Pool({
    connectionString: raw,
    max: 1,
    connectionTimeoutMillis: 10_000,
    application_name: 'bidwright-migrate',
  });
  pool.on('error', () => {});
  try {
    const applied = await migratePostgres(pool);
    return { ok: true, applied, target };
  } catch (error) {
    return { ok: false, error: `Could not migrate ${target}: ${reason(error, password)}` };
  } finally {
    await pool.end().catch(() => {});
  }
}

async function main() {
  const outcome = await runMigrations(process.env);
  if (!outcome.ok) {
    console.error(`db:migrate: ${outcome.error}`);
    process.exit(1);
  }
  console.log(
    `db:migrate: ${outcome.applied} migration${outcome.applied === 1 ? '' : 's'} applied to ${outcome.target}` +
      (outcome.applied === 0 ? ' (already current)' : ''),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(`db:migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
