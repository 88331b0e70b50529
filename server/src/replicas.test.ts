import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { authEmulatorClient, uniqueEmail } from '#test-support/auth-emulator-client';
import { openEventStream } from '#test-support/event-stream-client';
import {
  freePort,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from '#test-support/round-robin-proxy';
import { startApi, type RunningApi } from '#test-support/stack';
import { createPostgresDatabase } from '#test-support/test-database';
import { SERVER_TEST_EMULATOR, TEST_PROJECT_ID } from '#test-support/test-ports';

/**
 * Two API processes on one PostgreSQL database behind a round-robin proxy, as in production:
 * a POST retried with the same Idempotency-Key makes one row whichever replica each copy reaches,
 * what one replica does to a user's account reaches the user's stream on the other, and a
 * scheduled job that both replicas tick runs once per interval.
 * PostgreSQL only.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const emulatorHost =
  process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${SERVER_TEST_EMULATOR.port}`;

describe.skipIf(!onPostgres)('two API replicas behind a proxy', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let database: { url: string; drop: () => Promise<void> };
  const dataDir = mkdtempSync(join(tmpdir(), 'bidwright-replicas-'));
  const replicas: RunningApi[] = [];
  let proxy: RoundRobinProxy;
  let headers: { authorization: string };
  let adminHeaders: { authorization: string };
  let userId: string;
  const adminEmail = uniqueEmail('replica-admin');

  const sql = async (query: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl, 'bidwright_r');
    // One after the other: the first applies the migrations, the second finds them applied.
    for (const replica of ['a', 'b']) {
      replicas.push(
        await startApi(
          {
            port: await freePort(),
            dataDir: join(dataDir, replica),
            databaseUrl: database.url,
            emulatorHost,
            projectId: TEST_PROJECT_ID,
            corsOrigins: ['http://localhost:3000'],
            logLevel: 'warn',
            adminEmails: [adminEmail],
            // A short interval, so the test sees several rounds of a scheduled job.
            extraEnv: { LEAD_DUE_CHECK_SECONDS: '1' },
          },
          { logFile: join(dataDir, `api-${replica}.log`) },
        ),
      );
    }
    proxy = await startRoundRobinProxy(replicas.map((replica) => replica.url));
    const emulator = authEmulatorClient(emulatorHost, TEST_PROJECT_ID);
    const signIn = async (email: string) => {
      const account = await emulator.createAccount(email, 'replica-password-1', 'Replica User');
      const auth = { authorization: `Bearer ${account.idToken}` };
      // The first signed-in request creates the user's row.
      const first = await fetch(`${proxy.url}/api/users?email=${encodeURIComponent(email)}`, {
        headers: auth,
      });
      expect(first.status).toBe(200);
      return { auth, id: ((await first.json()) as { id: string }).id };
    };
    const member = await signIn(uniqueEmail('replicas'));
    headers = member.auth;
    userId = member.id;
    adminHeaders = (await signIn(adminEmail)).auth;
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(replicas.map((replica) => replica.process.stop('SIGTERM')));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const createLead = (key: string, contactName: string) =>
    fetch(`${proxy.url}/api/leads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ contactName }),
    });

  const leadsNamed = async (contactName: string) =>
    (await sql('select id from leads where contact_name = $1', [contactName])).length;

  it('makes one lead for a retry that reaches the other replica', async () => {
    const key = randomUUID();
    const before = proxy.routed.length;
    const first = await createLead(key, 'Across Replicas');
    const retry = await createLead(key, 'Across Replicas');
    // Round robin: the two copies went to different processes.
    expect(new Set(proxy.routed.slice(before))).toEqual(new Set([0, 1]));
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    expect(await leadsNamed('Across Replicas')).toBe(1);
  });

  it('makes one lead for ten copies sent at once to both replicas', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createLead(key, 'Burst Across Replicas')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const ids = new Set(
      await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { id: string }).id),
      ),
    );
    expect(ids.size).toBe(1);
    expect(await leadsNamed('Burst Across Replicas')).toBe(1);
  });

  it('runs the scheduled due-action check once per interval, though both replicas tick it', async () => {
    const created = await fetch(`${proxy.url}/api/leads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        contactName: 'Due Across Replicas',
        nextAction: 'Send the revised quote',
        nextActionDue: new Date(Date.now() - 60_000).toISOString(),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const told = () =>
      sql(`select title from notifications where user_id = $1 and kind = 'lead_action_due'`, [
        userId,
      ]);
    await expect.poll(async () => (await told()).length, { timeout: 15_000 }).toBe(1);
    // Rounds that started after the lead was due and notified: at least three more.
    const notifiedAt = new Date();
    const rounds = () =>
      sql(
        `select singleton_on, count(*)::int as jobs from pgboss.job
         where name = 'lead-due-actions' and state = 'completed' and created_on > $1
         group by singleton_on`,
        [notifiedAt],
      );
    await expect
      .poll(async () => (await rounds()).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    // One job per one-second interval, never two, whichever replica ticked first or worked it.
    expect((await rounds()).every((round) => round.jobs === 1)).toBe(true);
    // The later rounds found the lead already notified.
    expect(await told()).toHaveLength(1);
  });

  it('ends a stream held on one replica when an admin disables the account on the other', async () => {
    const [onA, onB] = replicas as [RunningApi, RunningApi];
    const stream = await openEventStream(onB.url, headers);
    try {
      const disabled = await fetch(`${onA.url}/api/admin/users/${userId}/status`, {
        method: 'POST',
        headers: { ...adminHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'disabled' }),
      });
      expect(disabled.status, await disabled.text()).toBe(200);
      await expect.poll(() => stream.isEnded(), { timeout: 5_000 }).toBe(true);
      expect(stream.received()).toContain('account_closed');
    } finally {
      stream.abort();
    }
  });
});
