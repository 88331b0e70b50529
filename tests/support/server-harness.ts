import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';

import type { Module, Role } from '#contract/user';

import { buildApp } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';
import type { DatabaseHandle } from '../../server/src/db/client.ts';
import { users, type UserRow } from '../../server/src/db/schema/users.ts';
import {
  authEmulatorClient,
  uniqueEmail,
  type AuthEmulatorClient,
} from './auth-emulator-client.ts';
import { openTestDatabase } from './test-database.ts';
import { SERVER_TEST_EMULATOR, TEST_PROJECT_ID } from './test-ports.ts';

/**
 * One API instance with its own fresh database and real emulator identities (docs/conventions.md).
 * `TEST_DB=postgres` with `TEST_DATABASE_URL` runs the same tests on PostgreSQL.
 */
export type SignedIn = {
  user: UserRow;
  token: string;
  headers: { authorization: string };
  password: string;
};

export type Harness = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  emulator: AuthEmulatorClient;
  signIn: (options?: {
    role?: Role;
    modules?: Module[];
    email?: string;
    name?: string;
  }) => Promise<SignedIn>;
  close: () => Promise<void>;
};

export type HarnessOptions = {
  /** Extra environment for loadConfig (e.g. area settings). */
  env?: Record<string, string>;
  /** Capture the API's log lines (tests grep them for secrets that must never be logged). */
  logLines?: string[];
};

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const emulatorHost =
    process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${SERVER_TEST_EMULATOR.port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    CORS_ORIGINS: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    // The AI stubs listen on loopback; a test that checks the refusal sets this to false.
    AI_ALLOW_PRIVATE_BASE_URL: 'true',
    // The generated suites send hundreds of anonymous requests; auth.test.ts sets a low limit.
    AUTH_FAILURES_PER_MINUTE: '1000000',
    // A loaded test machine stalls the event loop now and then; only the test of load shedding
    // turns it on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const database = await openTestDatabase();
  const logLines = options.logLines;
  const app = await buildApp(config, {
    database,
    logger: logLines
      ? {
          level: 'info',
          stream: { write: (line: string) => logLines.push(line) },
        }
      : false,
  });
  await app.ready();
  const emulator = authEmulatorClient(emulatorHost, TEST_PROJECT_ID);

  return {
    app,
    config,
    database,
    emulator,
    async signIn(signInOptions = {}) {
      const email = signInOptions.email ?? uniqueEmail(signInOptions.role ?? 'member');
      const account = await emulator.createAccount(email, 'test-password-1', signInOptions.name);
      const [user] = await database.db
        .insert(users)
        .values({
          firebaseUid: account.uid,
          email: email.toLowerCase(),
          name: signInOptions.name ?? null,
          role: signInOptions.role ?? 'member',
          modules: signInOptions.modules ?? [],
        })
        .onConflictDoUpdate({
          target: users.firebaseUid,
          set: { role: signInOptions.role ?? 'member', modules: signInOptions.modules ?? [] },
        })
        .returning();
      if (!user) throw new Error('harness could not create the user row');
      return {
        user,
        token: account.idToken,
        headers: { authorization: `Bearer ${account.idToken}` },
        password: account.password,
      };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Reads a user row back (tests assert on the database, not only on HTTP answers). */
export async function userRow(harness: Harness, id: string): Promise<UserRow | undefined> {
  const rows = await harness.database.db.select().from(users).where(eq(users.id, id));
  return rows[0];
}
