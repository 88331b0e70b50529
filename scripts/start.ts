/**
 * `npm start`: the whole product on this machine, offline.
 *   - builds the SPA for the local stack (dist/),
 *   - starts the Firebase Auth emulator (accounts kept under data/firebase-emulator),
 *   - seeds the three demo accounts when missing,
 *   - starts the API on 5050 with PGlite (files under data/),
 *   - serves the SPA on http://localhost:3000,
 * then prints the URL and the accounts. One Ctrl-C stops everything (the emulator exports its
 * accounts first); a second Ctrl-C forces it.
 *
 * `npm run dev` (--dev): the rsbuild dev server with hot reload and the API under `tsx watch`.
 * `npm run demo` (--demo): as start, plus the local Upwork sandbox (tests/support/upwork-sandbox.ts)
 * on 5070, with the API's Upwork connection pointed at it.
 * `npm run demo -- --history` (--demo --history): as demo, and the demo freelancer gets a year of
 * history (scripts/seed-history.ts) the first time, so the dashboard and analytics have numbers.
 * The flag is for the demo only: it never invents records in a plain `npm start`.
 */
import { chmodSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startAuthEmulator, type AuthEmulator } from '../tests/support/firebase-emulator.ts';
import { DEMO_ACCOUNTS } from '../tests/support/demo-accounts.ts';
import { startUpworkSandbox } from '../tests/support/upwork-sandbox.ts';
import { seedDemo, seedHistory, type SeededAccount } from '../tests/support/seed-accounts.ts';
import {
  ROOT,
  assertPortsFree,
  buildSpa,
  envWithoutPublic,
  spaEnv,
  spawnProcess,
  startApi,
  waitForHttp,
  type ApiSettings,
  type ManagedProcess,
} from '../tests/support/stack.ts';

import {
  PRIVATE_FILE_MODE,
  ensurePrivateDir,
  tightenTree,
} from '../server/src/storage/private-files.ts';

import { createSpaServer, type SpaServer } from './serve-spa.ts';

const PROJECT_ID = 'demo-bidwright';
const PORTS = {
  web: 3000,
  api: 5050,
  emulator: 9099,
  emulatorHub: 4400,
  emulatorLogging: 4500,
  upworkSandbox: 5070,
};
const EMULATOR_HOST = `127.0.0.1:${PORTS.emulator}`;
const DATA = join(ROOT, 'data');
const LOGS = join(DATA, 'logs');

/**
 * data/ and its logs are for this user only (folders 0700, files 0600). The process umask stays
 * as it is, so the SPA build in dist/ keeps ordinary modes; each log file is created private
 * before a child writes to it.
 */
function privateLog(name: string): string {
  const file = join(LOGS, name);
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
  return file;
}

type Mode = 'start' | 'dev' | 'demo';

const { values: flags } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    history: { type: 'boolean', default: false },
  },
});
const mode: Mode = flags.dev ? 'dev' : flags.demo ? 'demo' : 'start';
if (flags.history && mode !== 'demo') {
  console.error('--history is for the demo only: run `npm run demo -- --history`.');
  process.exit(2);
}
/** The account whose history --history seeds. */
const HISTORY_EMAIL = 'freelancer@example.com';

// Everything started so far, stopped in reverse order.
const stoppers: Array<{ what: string; stop: () => Promise<void> }> = [];
let shuttingDown = false;
let firstSignalAt = 0;

const say = (line = '') => console.log(line);
const step = (line: string) => console.log(`  • ${line}`);

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    say('\nStopping Bidwright…');
    for (const { what, stop } of [...stoppers].reverse()) {
      try {
        await stop();
        step(`${what} stopped`);
      } catch (error) {
        console.error(`  ! ${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // The emulator exports its accounts with its own modes: make them private too.
    try {
      tightenTree(DATA);
    } catch {
      // Best effort on the way out; the next start tightens again.
    }
  }
  process.exit(code);
}

function onSignal(signal: NodeJS.Signals) {
  const now = Date.now();
  if (shuttingDown) {
    // The terminal and npm may deliver the same Ctrl-C twice; only a later one forces.
    if (now - firstSignalAt < 1_000) return;
    say('\nForced stop.');
    process.exit(130);
  }
  firstSignalAt = now;
  void shutdown(signal === 'SIGINT' ? 0 : 143);
}
// `npm start | tee log`: Ctrl-C ends tee too; writing to the closed pipe must not abort the
// clean shutdown (the emulator's export in particular).
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

function watchUnexpectedExit(managed: ManagedProcess, what: string) {
  void managed.exited.then((code) => {
    if (shuttingDown) return;
    console.error(`\n${what} stopped unexpectedly (exit code ${code}). Its last output:\n`);
    console.error(managed.output().split('\n').slice(-40).join('\n'));
    void shutdown(1);
  });
}

async function main() {
  const started = Date.now();
  say(`Bidwright: ${mode === 'dev' ? 'development stack (hot reload)' : 'local stack'}`);
  for (const dir of [DATA, LOGS, join(DATA, 'firebase-emulator')]) ensurePrivateDir(dir);
  tightenTree(DATA);

  await assertPortsFree([
    { port: PORTS.web, what: 'the web app' },
    { port: PORTS.api, what: 'the API' },
  ]);

  const api: ApiSettings = {
    port: PORTS.api,
    dataDir: DATA,
    emulatorHost: EMULATOR_HOST,
    projectId: PROJECT_ID,
    corsOrigins: [`http://localhost:${PORTS.web}`, `http://127.0.0.1:${PORTS.web}`],
    adminEmails: DEMO_ACCOUNTS.filter((account) => account.role === 'admin').map((a) => a.email),
  };
  const spaSettings = { apiPort: PORTS.api, emulatorHost: EMULATOR_HOST, projectId: PROJECT_ID };

  // The build and the emulator start are independent: run them side by side.
  const build =
    mode === 'dev'
      ? Promise.resolve()
      : buildSpa({ settings: spaSettings, outDir: 'dist', logFile: privateLog('build.log') }).then(
          () => step('SPA built into dist/'),
        );

  const emulatorReady = (async () => {
    const emulator: AuthEmulator = await startAuthEmulator({
      projectId: PROJECT_ID,
      port: PORTS.emulator,
      hubPort: PORTS.emulatorHub,
      loggingPort: PORTS.emulatorLogging,
      dataDir: join(DATA, 'firebase-emulator'),
      logFile: privateLog('firebase-emulator.log'),
    });
    if (emulator.started) {
      stoppers.push({
        what: 'Auth emulator (accounts exported to data/firebase-emulator)',
        stop: emulator.stop,
      });
      step(`Auth emulator on ${EMULATOR_HOST}`);
    } else {
      step(`Auth emulator already running on ${EMULATOR_HOST}: reusing it (its data is its own)`);
    }
    return seedDemo({
      emulatorHost: EMULATOR_HOST,
      projectId: PROJECT_ID,
      accounts: DEMO_ACCOUNTS,
      api,
      logFile: privateLog('seed.log'),
    });
  })();

  const [seeded] = await Promise.all([emulatorReady, build]);
  step(`Demo accounts ready (${seeded.map((a) => `${a.email}: ${a.outcome}`).join(', ')})`);
  if (flags.history) {
    const outcome = await seedHistory({
      api,
      email: HISTORY_EMAIL,
      logFile: privateLog('seed.log'),
    });
    step(
      outcome === 'created'
        ? `A year of history seeded for ${HISTORY_EMAIL}`
        : `History of ${HISTORY_EMAIL} kept (it already has one)`,
    );
  }

  if (mode === 'demo') {
    await assertPortsFree([{ port: PORTS.upworkSandbox, what: 'the Upwork sandbox' }]);
    api.extraEnv = await startSandbox();
  }

  const runningApi = await startApi(api, {
    watch: mode === 'dev',
    logFile: privateLog('api.log'),
    echoPrefix: mode === 'dev' ? '[api] ' : undefined,
  });
  stoppers.push({ what: 'API', stop: () => runningApi.process.stop('SIGTERM', 10_000) });
  watchUnexpectedExit(runningApi.process, 'The API');
  step(`API on http://localhost:${PORTS.api} (PGlite in data/pglite, log in data/logs/api.log)`);

  if (mode === 'dev') {
    const dev = spawnProcess(
      'rsbuild dev',
      join(ROOT, 'node_modules/.bin/rsbuild'),
      ['dev', '--port', String(PORTS.web), '--strict-port'],
      {
        env: envWithoutPublic({ ...spaEnv(spaSettings), NODE_ENV: 'development' }),
        echoPrefix: '[web] ',
      },
    );
    stoppers.push({ what: 'rsbuild dev server', stop: () => dev.stop('SIGTERM', 5_000) });
    watchUnexpectedExit(dev, 'The rsbuild dev server');
    await waitForHttp(`http://localhost:${PORTS.web}/`, {
      process: dev,
      what: 'The rsbuild dev server',
      timeoutMs: 120_000,
    });
  } else {
    const server: SpaServer = await createSpaServer({
      root: join(ROOT, 'dist'),
      host: 'localhost',
      port: PORTS.web,
      connectOrigins: [
        `http://localhost:${PORTS.api}`,
        `http://127.0.0.1:${PORTS.api}`,
        `http://${EMULATOR_HOST}`,
      ],
      frameOrigins: [`http://${EMULATOR_HOST}`],
    });
    stoppers.push({ what: 'web server', stop: server.close });
  }

  printReady(seeded, Date.now() - started);
}

/** `npm run demo`: the local Upwork stand-in, and the API settings that point at it. */
async function startSandbox(): Promise<Record<string, string>> {
  // Its simulated client answers a sent proposal a minute later and hires a minute after that;
  // the API checks messages every 10 s, so the reply shows while the audience watches.
  const sandbox = await startUpworkSandbox({
    port: PORTS.upworkSandbox,
    newJobEverySeconds: 120,
    clientReplyAfterSeconds: 60,
    hireAfterSeconds: 120,
  });
  stoppers.push({ what: 'Upwork sandbox', stop: sandbox.close });
  step(
    `Upwork sandbox on ${sandbox.url} (a new job every 2 minutes; a client answers a sent proposal after 1 minute and hires after 2)`,
  );
  return {
    UPWORK_DEMO: 'true',
    UPWORK_SANDBOX_URL: sandbox.url,
    UPWORK_CLIENT_ID: sandbox.clientId,
    UPWORK_CLIENT_SECRET: sandbox.clientSecret,
    MESSAGE_POLL_SECONDS: '10',
  };
}

function printReady(accounts: SeededAccount[], elapsedMs: number) {
  const width = Math.max(...accounts.map((account) => account.email.length));
  say('');
  say(`Bidwright is running (ready in ${(elapsedMs / 1000).toFixed(1)} s):`);
  say('');
  say(`  Open  http://localhost:${PORTS.web}`);
  say('');
  say('  Demo accounts (email / password):');
  for (const account of accounts) {
    const access =
      account.role === 'admin'
        ? 'admin, all modules'
        : account.modules.length > 0
          ? `member; modules ${account.modules.join(', ')}`
          : 'member, no modules';
    say(`    ${account.email.padEnd(width)}  ${account.password.padEnd(15)}  (${access})`);
  }
  say('');
  say(`  API        http://localhost:${PORTS.api}  (docs: /api/docs)`);
  say(`  Emulator   http://${EMULATOR_HOST}  (project ${PROJECT_ID}, offline)`);
  if (mode === 'demo') say(`  Upwork     http://127.0.0.1:${PORTS.upworkSandbox}  (local sandbox)`);
  say('  Data       data/  (kept across restarts; delete it to start fresh)');
  say('  Logs       data/logs/');
  say('');
  say('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(
    `\nBidwright could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  void shutdown(1);
});
