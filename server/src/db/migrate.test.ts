import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { SERVER_TEST_EMULATOR, TEST_PROJECT_ID } from '#test-support/test-ports';

import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { MIGRATIONS_FOLDER } from './client.ts';
import { runMigrations } from './migrate-cli.ts';

/**
 * The release step (`npm run db:migrate`) and the replicas that only check: migrating an empty
 * PostgreSQL database, running it again, and an API started with MIGRATE_ON_START=false on a
 * database that is behind and on one that is current. The database cases need PostgreSQL.
 */
const run = promisify(execFile);
const onPostgres = process.env.TEST_DB === 'postgres';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = join(ROOT, 'server/src/db/migrate-cli.ts');
const MAIN = join(ROOT, 'server/src/main.ts');
const committed = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
const emulatorHost =
  process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${SERVER_TEST_EMULATOR.port}`;

/** Runs a script with tsx and the given environment only; resolves with its exit code and output. */
async function runScript(script: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

describe('db:migrate without a usable database', () => {
  it('exits 1 with a clear message when DATABASE_URL is not set', async () => {
    const result = await runScript(CLI, {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL is not set');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the database but never the password when it cannot be reached', async () => {
    const outcome = await runMigrations({
      DATABASE_URL: 'postgres://app:hunter2-secret@127.0.0.1:1/bidwright',
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toContain('127.0.0.1:1/bidwright');
    expect(outcome.error).not.toContain('hunter2-secret');
  });

  it('refuses a URL that is not PostgreSQL', async () => {
    const outcome = await runMigrations({ DATABASE_URL: 'mysql://app:pw@db/app' });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('postgres://') });
  });
});

describe.skipIf(!onPostgres)('db:migrate and MIGRATE_ON_START=false on PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const created: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bidwright-migrate-'));

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  const emptyDatabase = async () => {
    const name = `bidwright_m_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const rows = async (url: string, query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(query)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };
  const apiEnv = (url: string) => ({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    DATABASE_URL: url,
    MIGRATE_ON_START: 'false',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SAVED_SEARCH_POLL_SECONDS: '0',
    MESSAGE_POLL_SECONDS: '0',
    TRANSACTION_SYNC_SECONDS: '0',
    LEAD_DUE_CHECK_SECONDS: '0',
  });

  afterAll(async () => {
    for (const name of created) {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the schema on an empty database, and a second run applies none', async () => {
    const url = await emptyDatabase();
    const first = await runScript(CLI, { DATABASE_URL: url });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`${committed} migrations applied`);
    expect(first.stdout).not.toContain('bidwright_test@');
    const tables = await rows(url, "select to_regclass('public.users')::text as users");
    expect(tables[0]?.users).toBe('users');
    const recorded = await rows(url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(recorded[0]?.n).toBe(committed);

    const second = await runScript(CLI, { DATABASE_URL: url });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('0 migrations applied');
  }, 120_000);

  it('lets only one of several migrators started together apply the migrations', async () => {
    const url = await emptyDatabase();
    const outcomes = await Promise.all([1, 2, 3].map(() => runMigrations({ DATABASE_URL: url })));
    const applied = outcomes.map((outcome) => (outcome.ok ? outcome.applied : outcome.error));
    expect(applied.toSorted()).toEqual([0, 0, committed]);
    const recorded = await rows(url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(recorded[0]?.n).toBe(committed);
  }, 120_000);

  it('refuses to start on a database that is behind, naming the release step', async () => {
    const url = await emptyDatabase();
    const empty = await runScript(MAIN, apiEnv(url));
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toContain('run npm run db:migrate first');
    expect(empty.stderr).not.toMatch(/\n\s+at /);
    // Nothing was created: the check only reads.
    const tables = await rows(url, "select to_regclass('public.users')::text as users");
    expect(tables[0]?.users).toBeNull();

    // One migration short of this release is behind too.
    expect(await runMigrations({ DATABASE_URL: url })).toMatchObject({ ok: true });
    await rows(
      url,
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
    );
    await expect(buildApp(loadConfig(apiEnv(url)))).rejects.toThrow(
      /1 migration behind this release: run npm run db:migrate first/,
    );
  }, 120_000);

  it('starts without migrating on a database that is current', async () => {
    const url = await emptyDatabase();
    expect(await runMigrations({ DATABASE_URL: url })).toEqual({
      ok: true,
      applied: committed,
      target: expect.any(String),
    });
    const app = await buildApp(loadConfig(apiEnv(url)));
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      const recorded = await rows(
        url,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(recorded[0]?.n).toBe(committed);
    } finally {
      await app.close();
    }
  }, 120_000);
});
