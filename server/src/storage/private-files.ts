import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Data, uploads and logs belong to the server's own user: folders 0700, files 0600. New files get
 * that from the process umask; files some libraries create with explicit modes (PGlite's initial
 * database files are 0666) and files of an older install are tightened by walking the tree.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Files and folders this process creates from now on are private to its user. */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/** Creates the folder (and missing parents) private to the user, and tightens it if it existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Sets every folder under `root` (and root itself) to 0700 and every file to 0600. Symbolic links
 * are left alone (chmod would follow them out of the tree). A missing root is not an error.
 */
export function tightenTree(root: string): void {
  let info;
  try {
    info = lstatSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    if ((info.mode & 0o777) !== PRIVATE_DIR_MODE) chmodIfPresent(root, PRIVATE_DIR_MODE);
    let names: string[];
    try {
      names = readdirSync(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) tightenTree(join(root, name));
  } else if (info.isFile() && (info.mode & 0o777) !== PRIVATE_FILE_MODE) {
    chmodIfPresent(root, PRIVATE_FILE_MODE);
  }
}

// A file may go away while the tree is walked (a database removes its temporary files).
function chmodIfPresent(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
