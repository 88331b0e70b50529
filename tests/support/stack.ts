/**
 * The stack launcher: the pieces `npm start`, the e2e run and the bench put together (the SPA
 * build and the API process; seed-accounts.ts seeds the demo accounts). Every child runs in its
 * own process group so one stop ends it with everything it spawned; nothing is left behind when
 * the parent exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
  type WriteStream,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'node_modules/.bin');

// ---------------------------------------------------------------------------------------------
// Processes

export type ManagedProcess = {
  name: string;
  child: ChildProcess;
  /** The last few KB of its output, for error messages. */
  output: () => string;
  hasExited: () => boolean;
  exited: Promise<number | null>;
  /** Signals the leader, waits up to graceMs for it to exit, then SIGKILLs the group. */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<void>;
  /** SIGKILL to the group, synchronously (for exit handlers). */
  kill: () => void;
};

export type SpawnOptions = {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Append the output to this file. */
  logFile?: string;
  /** Echo each output line to the console with this prefix. */
  echoPrefix?: string;
};

const running = new Set<ManagedProcess>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const managed of running) managed.kill();
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone
  }
}

export function spawnProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ManagedProcess {
  installExitHook();
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let log: WriteStream | undefined;
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    log = createWriteStream(options.logFile, { flags: 'a' });
  }
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    stream.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-12_000);
      log?.write(chunk);
    });
    if (options.echoPrefix !== undefined) {
      const prefix = options.echoPrefix;
      createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
    }
  }

  let exitedFlag = false;
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('error', (error) => {
      tail += `\n${error.message}`;
      exitedFlag = true;
      running.delete(managed);
      resolveExit(null);
    });
    child.once('exit', (code) => {
      exitedFlag = true;
      running.delete(managed);
      // Anything the leader spawned and left behind goes with it.
      signalGroup(child, 'SIGKILL');
      log?.end();
      resolveExit(code);
    });
  });

  const managed: ManagedProcess = {
    name,
    child,
    output: () => tail,
    hasExited: () => exitedFlag,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (exitedFlag) return;
      // The leader alone: a supervisor (tsx, tsx watch) relays it to its child and waits for a
      // clean exit; whatever is left of the group is killed once the leader is gone.
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    kill() {
      signalGroup(child, 'SIGKILL');
    },
  };
  running.add(managed);
  return managed;
}

/** Runs a command to completion; throws with its output when it fails. */
export async function runToCompletion(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<string> {
  const managed = spawnProcess(name, command, args, options);
  const code = await managed.exited;
  if (code !== 0) {
    throw new Error(`${name} failed (exit code ${code}):\n${managed.output()}`);
  }
  return managed.output();
}

// ---------------------------------------------------------------------------------------------
// One run at a time

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A machine-wide lock for runs that own fixed ports (the e2e stack): a second run waits for the
 * first instead of colliding with it. Released by the returned function, or when this process
 * exits (a dead holder's lock is taken over).
 */
export async function acquireRunLock(
  name: string,
  options: { timeoutMs?: number; onWait?: (holder: number) => void } = {},
): Promise<() => void> {
  const path = join(tmpdir(), `bidwright-${name}.lock`);
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  let told = false;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (Number(readFileSync(path, 'utf8')) === process.pid) rmSync(path, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(path, 'utf8'));
    } catch {
      continue; // released between our two calls
    }
    if (!holder || !isAlive(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (!told) {
      options.onWait?.(holder);
      told = true;
    }
    if (Date.now() > deadline) {
      throw new Error(`Another ${name} run (process ${holder}) still holds ${path}.`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
  }
}

// ---------------------------------------------------------------------------------------------
// Ports and readiness

async function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolveCheck) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolveCheck(result);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function isPortInUse(port: number): Promise<boolean> {
  const results = await Promise.all([accepts('127.0.0.1', port), accepts('::1', port)]);
  return results.some(Boolean);
}

/** Fails with a message that names the port and what needed it. */
export async function assertPortsFree(ports: Array<{ port: number; what: string }>): Promise<void> {
  const busy: string[] = [];
  for (const { port, what } of ports) {
    if (await isPortInUse(port)) busy.push(`  - ${port} (${what})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `These ports are already in use:\n${busy.join('\n')}\n` +
        'Another Bidwright stack may be running (stop it with Ctrl-C), or another program holds them ' +
        '(find it with: lsof -i :PORT or ss -ltnp).',
    );
  }
}

/** Polls a URL until it answers 2xx; fails at once if the process that should serve it exits. */
export async function waitForHttp(
  url: string,
  options: { timeoutMs?: number; process?: ManagedProcess; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const what = options.what ?? url;
  for (;;) {
    if (options.process?.hasExited()) {
      throw new Error(`${what} exited before it was ready:\n${options.process.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const output = options.process ? `\n${options.process.output()}` : '';
      throw new Error(`${what} did not become ready at ${url} in time.${output}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// The SPA build

export type SpaBuildSettings = {
  apiPort: number;
  emulatorHost: string;
  projectId: string;
};

/** The PUBLIC_* settings that point a build at a local stack (src/config/env.ts reads them). */
export function spaEnv(settings: SpaBuildSettings): Record<string, string> {
  return {
    PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
    PUBLIC_FIREBASE_AUTH_DOMAIN: `${settings.projectId}.firebaseapp.com`,
    PUBLIC_FIREBASE_PROJECT_ID: settings.projectId,
    PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: settings.emulatorHost,
    PUBLIC_LOCAL_API_PORT: String(settings.apiPort),
  };
}

/** process.env without any PUBLIC_* value, so a shell's production settings never leak in. */
export function envWithoutPublic(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PUBLIC_')) env[key] = value;
  }
  return { ...env, ...extra };
}

export async function buildSpa(options: {
  settings: SpaBuildSettings;
  outDir: string;
  logFile?: string;
}): Promise<void> {
  await runToCompletion(
    'The SPA build (rsbuild build)',
    join(BIN, 'rsbuild'),
    ['build', '--dist-path', options.outDir, '--log-level', 'warn'],
    {
      env: envWithoutPublic({ ...spaEnv(options.settings), NODE_ENV: 'production' }),
      logFile: options.logFile,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The API

export type ApiSettings = {
  port: number;
  /** PGlite files go under this folder (DATA_DIR) unless databaseUrl is given. */
  dataDir: string;
  databaseUrl?: string;
  emulatorHost: string;
  projectId: string;
  corsOrigins: string[];
  adminEmails?: string[];
  logLevel?: string;
  extraEnv?: Record<string, string>;
};

export function apiEnv(settings: ApiSettings): NodeJS.ProcessEnv {
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(settings.port),
    DATA_DIR: settings.dataDir,
    FIREBASE_PROJECT_ID: settings.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: settings.emulatorHost,
    CORS_ORIGINS: settings.corsOrigins.join(','),
    ADMIN_EMAILS: (settings.adminEmails ?? []).join(','),
    LOG_LEVEL: settings.logLevel ?? 'info',
    // The local stack may use an AI server on this machine (a local Ollama, the bench's stub).
    AI_ALLOW_PRIVATE_BASE_URL: 'true',
    ...settings.extraEnv,
  };
  const base = envWithoutPublic();
  delete base.DATABASE_URL;
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  return { ...base, ...env };
}

export type RunningApi = { url: string; process: ManagedProcess };

export async function startApi(
  settings: ApiSettings,
  options: {
    watch?: boolean;
    logFile?: string;
    echoPrefix?: string;
    timeoutMs?: number;
    /** Runs this bundle (`npm run build:server`) instead of the TypeScript source. */
    bundle?: string;
  } = {},
): Promise<RunningApi> {
  await assertPortsFree([{ port: settings.port, what: 'the API' }]);
  mkdirSync(settings.dataDir, { recursive: true });
  // Without watch, node itself runs the API with tsx as a loader: the tsx command relays a
  // SIGTERM only if the child answers within 60 ms and otherwise kills it, so an API busy with
  // a write would lose its graceful shutdown.
  const [command, args] = options.watch
    ? [join(BIN, 'tsx'), ['watch', '--clear-screen=false', 'server/src/main.ts']]
    : options.bundle
      ? [process.execPath, ['--enable-source-maps', options.bundle]]
      : [process.execPath, ['--import', 'tsx', 'server/src/main.ts']];
  const managed = spawnProcess('the API', command, args, {
    env: apiEnv(settings),
    logFile: options.logFile,
    echoPrefix: options.echoPrefix,
  });
  const url = `http://127.0.0.1:${settings.port}`;
  try {
    await waitForHttp(`${url}/api/health`, {
      process: managed,
      what: 'The API',
      timeoutMs: options.timeoutMs ?? 90_000,
    });
  } catch (error) {
    await managed.stop('SIGKILL');
    throw error;
  }
  return { url, process: managed };
}
