import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../storage/private-files.ts';

/**
 * PGlite has no lock on its data directory; two processes writing it corrupt it.
 * A pid file refuses a second process while the first is alive.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const dir = resolve(dataDir);
  ensurePrivateDir(dir);
  const lockFile = join(dir, '..', `${dir.split('/').pop() ?? 'pglite'}.pid`);
  try {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The database in ${dir} is in use by process ${holder}. Stop it first (two processes would corrupt PGlite's files).`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(lockFile, String(process.pid), { mode: PRIVATE_FILE_MODE });
  chmodSync(lockFile, PRIVATE_FILE_MODE);
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
