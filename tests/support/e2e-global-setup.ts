/**
 * The whole stack for the end-to-end run, on its own ports (docs/conventions.md) so it can run
 * beside `npm start`: the SPA built for API port 5150 and emulator 9299, a fresh Auth emulator,
 * the API on 5150 with a fresh PGlite folder, the SPA served on 3150, and the demo accounts. As in
 * `npm run demo`, the API's Upwork connection points at the local Upwork sandbox (on 5170).
 * One more account, E2E_HISTORY_ACCOUNT, gets a year of generated history before the API starts
 * (PGlite is single-process); the rows it wrote are in a JSON file whose path the specs receive
 * as `e2eHistoryFile`, so the analytics spec recomputes the numbers from the raw rows.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { createSpaServer, type SpaServer } from '../../scripts/serve-spa.ts';

import { authEmulatorClient } from './auth-emulator-client.ts';
import { DEMO_ACCOUNTS, E2E_HISTORY_ACCOUNT } from './demo-accounts.ts';
import { CHROMIUM_PATH } from './browser.ts';
import { startAuthEmulator, type AuthEmulator } from './firebase-emulator.ts';
import { seedDemo, seedHistory } from './seed-accounts.ts';
import {
  acquireRunLock,
  assertPortsFree,
  buildSpa,
  startApi,
  type ApiSettings,
  type RunningApi,
} from './stack.ts';
import { E2E_PORTS, TEST_PROJECT_ID } from './test-ports.ts';
import { startUpworkSandbox, type UpworkSandbox } from './upwork-sandbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eApiUrl: string;
    e2eEmulatorHost: string;
    /** The history account's generated rows, as JSON (dates as ISO strings). */
    e2eHistoryFile: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The e2e tests drive Debian's Chromium at ${CHROMIUM_PATH}: apt-get install chromium`,
    );
  }
  // Several people (and CI) may start the e2e run at once on one machine: one at a time.
  const releaseLock = await acquireRunLock('e2e', {
    onWait: (holder) => console.log(`Waiting for the e2e run of process ${holder} to finish…`),
  });
  try {
    await assertPortsFree([
      { port: E2E_PORTS.api, what: 'the e2e API' },
      { port: E2E_PORTS.web, what: 'the e2e web server' },
      { port: E2E_PORTS.upworkSandbox, what: 'the e2e Upwork sandbox' },
    ]);
  } catch (error) {
    releaseLock();
    throw error;
  }

  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'bidwright-e2e-'));
  const emulatorHost = `127.0.0.1:${E2E_PORTS.emulator.port}`;
  const webOrigin = `http://localhost:${E2E_PORTS.web}`;
  const historyFile = join(work, 'history.json');
  const api: ApiSettings = {
    port: E2E_PORTS.api,
    dataDir: join(work, 'data'),
    emulatorHost,
    projectId: TEST_PROJECT_ID,
    corsOrigins: [webOrigin, `http://127.0.0.1:${E2E_PORTS.web}`],
    adminEmails: DEMO_ACCOUNTS.filter((account) => account.role === 'admin').map((a) => a.email),
    logLevel: 'warn',
  };

  let emulator: AuthEmulator | undefined;
  let runningApi: RunningApi | undefined;
  let web: SpaServer | undefined;
  let upwork: UpworkSandbox | undefined;

  const teardown = async () => {
    await web?.close().catch(() => {});
    await runningApi?.process.stop('SIGTERM', 10_000);
    await emulator?.stop();
    await upwork?.close();
    // The stack's logs outlive the run, for whoever reads a failure (test-results/ is ignored).
    mkdirSync('test-results/e2e-logs', { recursive: true });
    for (const log of ['api.log', 'build.log', 'firebase-emulator.log', 'seed-history.log']) {
      if (existsSync(join(work, log)))
        copyFileSync(join(work, log), join('test-results/e2e-logs', log));
    }
    rmSync(work, { recursive: true, force: true });
    releaseLock();
  };

  try {
    const build = buildSpa({
      settings: { apiPort: E2E_PORTS.api, emulatorHost, projectId: TEST_PROJECT_ID },
      outDir: join(work, 'dist'),
      logFile: join(work, 'build.log'),
    });
    const accounts = (async () => {
      emulator = await startAuthEmulator({
        projectId: TEST_PROJECT_ID,
        ...E2E_PORTS.emulator,
        logFile: join(work, 'firebase-emulator.log'),
      });
      // A fresh emulator every run: an emulator left over on these ports is emptied instead.
      if (!emulator.started) {
        await authEmulatorClient(emulatorHost, TEST_PROJECT_ID).deleteAllAccounts();
      }
      await seedDemo({
        emulatorHost,
        projectId: TEST_PROJECT_ID,
        accounts: [...DEMO_ACCOUNTS, E2E_HISTORY_ACCOUNT],
        api,
      });
      // A year of history for one account, written to the database before the API opens it.
      const history = await seedHistory({
        api,
        email: E2E_HISTORY_ACCOUNT.email,
        outFile: historyFile,
        logFile: join(work, 'seed-history.log'),
      });
      if (history !== 'created') throw new Error('The history account was not seeded afresh');
    })();
    await Promise.all([build, accounts]);

    // Browse Jobs reads the local Upwork sandbox, as in `npm run demo`. Saved searches with an
    // alert are checked every 5 s, so an alert test waits seconds, not the production 30 s. The
    // sandbox's client answers a sent proposal and hires after 2 s, messages are checked every
    // second, and transactions sync only when the test clicks Sync.
    upwork = await startUpworkSandbox({
      port: E2E_PORTS.upworkSandbox,
      clientReplyAfterSeconds: 2,
      hireAfterSeconds: 2,
    });
    api.extraEnv = {
      UPWORK_DEMO: 'true',
      UPWORK_SANDBOX_URL: upwork.url,
      UPWORK_CLIENT_ID: upwork.clientId,
      UPWORK_CLIENT_SECRET: upwork.clientSecret,
      UPWORK_REDIRECT_URI: `${webOrigin}/settings/account`,
      SAVED_SEARCH_POLL_SECONDS: '5',
      MESSAGE_POLL_SECONDS: '1',
      TRANSACTION_SYNC_SECONDS: '0',
    };
    runningApi = await startApi(api, { logFile: join(work, 'api.log') });
    web = await createSpaServer({
      root: join(work, 'dist'),
      host: 'localhost',
      port: E2E_PORTS.web,
      connectOrigins: [
        `http://localhost:${E2E_PORTS.api}`,
        `http://127.0.0.1:${E2E_PORTS.api}`,
        `http://${emulatorHost}`,
      ],
      frameOrigins: [`http://${emulatorHost}`],
    });
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('e2eBaseUrl', webOrigin);
  project.provide('e2eApiUrl', runningApi.url);
  project.provide('e2eEmulatorHost', emulatorHost);
  project.provide('e2eHistoryFile', historyFile);
  console.log(`e2e stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${webOrigin})`);

  return teardown;
}
