import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Starts the Firebase Auth emulator offline (a `demo-` project needs no network), or reuses one
 * that already answers on the port, so parallel test runs and a running dev stack can share it.
 * Used by the server tests, the end-to-end tests and `npm start`.
 */
export type AuthEmulatorOptions = {
  projectId: string;
  port: number;
  /** The emulator hub and logging ports; distinct per instance so two emulators can coexist. */
  hubPort: number;
  loggingPort: number;
  /** Keep accounts here across restarts (import at start, export on exit). */
  dataDir?: string;
  /** Where the emulator's own output goes; inherited when omitted. */
  logFile?: string;
  timeoutMs?: number;
};

export type AuthEmulator = {
  host: string;
  projectId: string;
  /** True when this call started the process (and stop() will end it). */
  started: boolean;
  stop: () => Promise<void>;
  /** Leave it running after this process exits (releases its pipes so node can exit). */
  detach: () => void;
};

const FIREBASE_BIN = resolve('node_modules/.bin/firebase');

export async function isAuthEmulatorUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = `127.0.0.1:${options.port}`;
  if (await isAuthEmulatorUp(host)) {
    return {
      host,
      projectId: options.projectId,
      started: false,
      stop: async () => {},
      detach: () => {},
    };
  }

  const configDir = mkdtempSync(join(tmpdir(), 'bidwright-emulator-'));
  const configPath = join(configDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: options.port },
        hub: { host: '127.0.0.1', port: options.hubPort },
        logging: { host: '127.0.0.1', port: options.loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
    '--config',
    configPath,
  ];
  if (options.dataDir) {
    const dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    args.push('--import', dataDir, '--export-on-exit', dataDir);
  }

  let output = '';
  const child: ChildProcess = spawn(FIREBASE_BIN, args, {
    cwd: configDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      NO_UPDATE_NOTIFIER: '1',
      CI: 'true',
      // The CLI finds "its" hub through $TMPDIR/hub-<project>.json. Several emulators share the
      // project id (dev, server tests, e2e), so each gets its own TMPDIR; otherwise an export on
      // exit can reach another instance's hub and write that instance's accounts into dataDir.
      TMPDIR: configDir,
    },
  });
  // The REST endpoint answers before an --import has finished; the CLI's banner comes after it.
  let announcedReady = false;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
    if (output.includes('All emulators ready')) announcedReady = true;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (options.logFile) {
    const { createWriteStream } = await import('node:fs');
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }

  let exited = false;
  // If the parent dies before stop() (a crash, a Ctrl-C during start-up), take the emulator along.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => {
    exited = true;
    process.removeListener('exit', killOnExit);
  });

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (!announcedReady || !(await isAuthEmulatorUp(host))) {
    if (exited && /port taken|not open/i.test(output)) {
      // Another process is starting the same emulator at this moment: wait for it and share it.
      if (await waitUntilUp(host, deadline)) {
        return {
          host,
          projectId: options.projectId,
          started: false,
          stop: async () => {},
          detach: () => {},
        };
      }
    }
    if (exited) {
      throw new Error(`The Firebase Auth emulator exited before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`The Firebase Auth emulator did not start on ${host} in time:\n${output}`);
    }
    await sleep(300);
  }

  return {
    host,
    projectId: options.projectId,
    started: true,
    detach: () => {
      // Left running for later runs: this process's exit must not take it along.
      process.removeListener('exit', killOnExit);
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
    },
    stop: async () => {
      if (exited) return;
      const done = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
      // SIGINT lets the emulator export its data (when dataDir is set) before it exits.
      killGroup(child, 'SIGINT');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function waitUntilUp(host: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (await isAuthEmulatorUp(host)) return true;
    await sleep(500);
  }
  return false;
}

function sleep(ms: number) {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
