import { spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { SERVER_TEST_EMULATOR, TEST_PROJECT_ID } from '#test-support/test-ports';

import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { DiskFileStore } from './disk-store.ts';
import { generateKey } from './file-store.ts';
import { tightenTree } from './private-files.ts';

/** Data, uploads and the database lock are for the server's user only: folders 0700, files 0600. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const mode = (path: string) => lstatSync(path).mode & 0o777;

/** Every folder and file under root (root included) whose mode is not private, with its mode. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return;
    const expected = info.isDirectory() ? 0o700 : 0o600;
    if ((info.mode & 0o777) !== expected) {
      found.push(`${path.slice(root.length) || '/'} ${(info.mode & 0o777).toString(8)}`);
    }
    if (info.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

const temporary: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bidwright-perms-'));
  temporary.push(dir);
  return dir;
}

// The usual umask of a shell: new files are readable by everyone unless the code says otherwise.
let previousUmask: number;
beforeAll(() => {
  previousUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(previousUmask);
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('tightenTree', () => {
  it('makes folders 0700 and files 0600, and leaves what a link points to alone', () => {
    const root = tempDir();
    const outside = join(tempDir(), 'shared.txt');
    writeFileSync(outside, 'x', { mode: 0o644 });
    mkdirSync(join(root, 'a/b'), { recursive: true, mode: 0o755 });
    writeFileSync(join(root, 'a/b/file'), 'x', { mode: 0o666 });
    writeFileSync(join(root, 'top'), 'x', { mode: 0o644 });
    symlinkSync(outside, join(root, 'a/link'));
    chmodSync(root, 0o755);

    tightenTree(root);

    expect(notPrivate(root)).toEqual([]);
    expect(mode(outside)).toBe(0o644);
  });

  it('does nothing for a folder that does not exist', () => {
    expect(() => tightenTree(join(tempDir(), 'missing'))).not.toThrow();
  });
});

describe('the database, its lock and uploads on disk', () => {
  it('PGlite: its folder and every file in it are private after open and after close', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    const pgliteDir = join(dataDir, 'pglite');
    const handle = await openDatabase({ engine: 'pglite', dataDir: pgliteDir });
    try {
      expect(readdirSync(pgliteDir)).toContain('PG_VERSION');
      expect(notPrivate(pgliteDir)).toEqual([]);
    } finally {
      await handle.close();
    }
    expect(notPrivate(pgliteDir)).toEqual([]);
  });

  it('the PGlite lock file is private', () => {
    const dataDir = tempDir();
    const release = acquireDataDirLock(join(dataDir, 'pglite'));
    try {
      expect(mode(join(dataDir, 'pglite.pid'))).toBe(0o600);
      expect(mode(join(dataDir, 'pglite'))).toBe(0o700);
    } finally {
      release();
    }
  });

  it('uploads: folders and files are private', async () => {
    const uploads = join(tempDir(), 'uploads');
    const store = new DiskFileStore(uploads);
    await store.put(
      generateKey('portfolio', '00000000-0000-4000-8000-000000000000', 'png'),
      Buffer.from('x'),
    );
    expect(notPrivate(uploads)).toEqual([]);
  });
});

describe('the API process (server/src/main.ts)', () => {
  let child: ReturnType<typeof spawn> | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('tightens an older install at start and keeps everything it writes private', async () => {
    // An install from before: data/ and its files readable (and one writable) by everyone.
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'uploads/portfolio'), { recursive: true, mode: 0o755 });
    mkdirSync(join(dataDir, 'logs'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'uploads/portfolio/old.png'), 'x', { mode: 0o644 });
    writeFileSync(join(dataDir, 'logs/api.log'), 'x', { mode: 0o666 });
    chmodSync(join(dataDir, 'logs/api.log'), 0o666);
    chmodSync(dataDir, 0o755);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${SERVER_TEST_EMULATOR.port}`,
      LOG_LEVEL: 'info',
      SAVED_SEARCH_POLL_SECONDS: '0',
    };
    delete env.DATABASE_URL;
    delete env.UPLOADS_DIR;
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    const exited = new Promise<number | null>((resolve) => started.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Bidwright API on')) resolve();
      };
      started.stdout!.on('data', onData);
      started.stderr!.on('data', onData);
      void exited.then((code) => reject(new Error(`the API exited (${code}):\n${output}`)));
    });

    expect(statSync(join(dataDir, 'pglite.pid')).isFile()).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);

    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 90_000);
});
