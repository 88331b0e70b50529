import { join } from 'node:path';

import { authEmulatorClient, uniqueEmail } from '../../tests/support/auth-emulator-client.ts';
import { isPortInUse, startApi, type RunningApi } from '../../tests/support/stack.ts';
import { BENCH_PORTS, BENCH_PROJECT_ID, UNLIMITED_RATES, type Engine } from '../bench/support.ts';

/**
 * An API the fault runs can kill and start again on the same data: the same PGlite folder or
 * the same PostgreSQL database, the same port.
 */
export type FaultApi = {
  url: string;
  current: () => RunningApi;
  /** Starts the API (once its port is free) and answers the ms until it is ready. */
  start: () => Promise<number>;
  /** Counts the rows of a query against the API's database (PGlite: only while stopped). */
  databaseUrl: string | undefined;
  dataDir: string;
};

/** What every fault check is given: where the API runs and on which database. */
export type FaultRunOptions = {
  engine: Engine;
  databaseUrl: string | undefined;
  workDir: string;
  emulatorHost: string;
  /** The built server (`npm run build:server`), run as a production replica runs it. */
  bundle: string;
};

export function faultApi(
  options: FaultRunOptions & { extraEnv?: Record<string, string> },
): FaultApi {
  const dataDir = join(options.workDir, `faults-${options.engine.name.toLowerCase()}`);
  let running: RunningApi | undefined;
  let starts = 0;
  return {
    url: `http://127.0.0.1:${BENCH_PORTS.api}`,
    databaseUrl: options.databaseUrl,
    dataDir,
    current: () => {
      if (!running) throw new Error('The API is not running');
      return running;
    },
    async start() {
      const began = Date.now();
      starts += 1;
      // A killed process releases its port a moment after its parent has exited.
      while ((await isPortInUse(BENCH_PORTS.api)) && Date.now() - began < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      running = await startApi(
        {
          port: BENCH_PORTS.api,
          dataDir,
          databaseUrl: options.databaseUrl,
          emulatorHost: options.emulatorHost,
          projectId: BENCH_PROJECT_ID,
          corsOrigins: [`http://localhost:${BENCH_PORTS.web}`],
          logLevel: process.env.FAULTS_LOG_LEVEL ?? 'warn',
          extraEnv: { ...UNLIMITED_RATES, ...options.extraEnv },
        },
        {
          logFile: join(options.workDir, `api-${starts}.log`),
          timeoutMs: 60_000,
          bundle: options.bundle,
        },
      );
      return Date.now() - began;
    },
  };
}

/** A signed-in user of the API: an emulator account and its user row. */
export async function signedInUser(apiUrl: string, emulatorHost: string) {
  const account = await authEmulatorClient(emulatorHost, BENCH_PROJECT_ID).createAccount(
    uniqueEmail('faults'),
    'faults-password-1',
    'Fault Tester',
  );
  const headers = { authorization: `Bearer ${account.idToken}` };
  const first = await fetch(`${apiUrl}/api/users?email=${encodeURIComponent(account.email)}`, {
    headers,
  });
  if (!first.ok) throw new Error(`GET /api/users answered ${first.status}`);
  return { headers, id: ((await first.json()) as { id: string }).id };
}
