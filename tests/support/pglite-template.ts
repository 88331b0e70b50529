/**
 * A migrated, empty PGlite database kept as a tarball, so each server test file loads it in under
 * a second instead of creating a cluster and applying every migration (about 4 s in WebAssembly).
 * The server tests' global setup writes it once per run; the file name carries a hash of the
 * migrations, so a template from older migrations is never loaded.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

import { MIGRATIONS_FOLDER } from '../../server/src/db/client.ts';

function templatePath(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file);
    hash.update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return join(tmpdir(), `bidwright-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Writes the template unless this run of migrations already has one. */
export async function writePgliteTemplate(): Promise<void> {
  const path = templatePath();
  if (existsSync(path)) return;
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    // Written whole under another name first: a parallel run never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    renameSync(partial, path);
  } finally {
    await client.close();
  }
}

/** The template as a Blob for PGlite's loadDataDir, or undefined when none was written. */
export function readPgliteTemplate(): Blob | undefined {
  const path = templatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}
