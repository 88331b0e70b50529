import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { authEmulatorClient, uniqueEmail } from '#test-support/auth-emulator-client';
import { freePort } from '#test-support/round-robin-proxy';
import { startApi, type RunningApi } from '#test-support/stack';
import { createPostgresDatabase } from '#test-support/test-database';
import { SERVER_TEST_EMULATOR, TEST_PROJECT_ID } from '#test-support/test-ports';

import { buildServer } from './build-server.ts';

/**
 * The bundle production runs: built, started by plain node on a fresh database (it applies the
 * migrations copied beside it), and serving a signed-in user, including the CSV reader that runs
 * in a worker thread loaded from beside the bundle.
 */
const emulatorHost =
  process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${SERVER_TEST_EMULATOR.port}`;
const onPostgres = process.env.TEST_DB === 'postgres';

describe('the built server', () => {
  const outDir = join('build', `server-test-${randomUUID().slice(0, 8)}`);
  const workDir = mkdtempSync(join(tmpdir(), 'bidwright-bundle-'));
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let api: RunningApi | undefined;
  let headers: { authorization: string };

  beforeAll(async () => {
    const bundle = await buildServer(outDir);
    if (onPostgres) {
      database = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', 'bidwright_b');
    }
    api = await startApi(
      {
        port: await freePort(),
        dataDir: join(workDir, 'data'),
        databaseUrl: database?.url,
        emulatorHost,
        projectId: TEST_PROJECT_ID,
        corsOrigins: ['http://localhost:3000'],
        logLevel: 'warn',
      },
      { logFile: join(workDir, 'api.log'), bundle },
    );
    const email = uniqueEmail('bundle');
    const account = await authEmulatorClient(emulatorHost, TEST_PROJECT_ID).createAccount(
      email,
      'bundle-password-1',
      'Bundle User',
    );
    headers = { authorization: `Bearer ${account.idToken}` };
    const first = await fetch(`${api.url}/api/users?email=${encodeURIComponent(email)}`, {
      headers,
    });
    expect(first.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await api?.process.stop('SIGTERM');
    await database?.drop();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  it('is ready, with its migrations applied', async () => {
    const ready = await fetch(`${api!.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });
  });

  it('reads a CSV of jobs in its worker and saves them', async () => {
    const csv = [
      'title,description,job_type,budget',
      'Webflow landing page,Build it from our Figma file,fixed,1500',
    ].join('\n');
    const imported = await fetch(`${api!.url}/api/jobs/import-csv`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ csv }),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ created: 1, invalid: 0 });
    const listed = await fetch(`${api!.url}/api/jobs?source=csv`, { headers });
    const body = (await listed.json()) as { items: Array<{ title: string }> };
    expect(body.items.map((job) => job.title)).toEqual(['Webflow landing page']);
  });
});
