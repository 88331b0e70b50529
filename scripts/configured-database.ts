/**
 * Opens the database the API would open from the same environment (server/src/config.ts), runs
 * one piece of work on it and closes it. A PGlite folder is locked for the duration, so this
 * refuses to run while an API process holds the same folder.
 */
import { loadConfig, type Config } from '#server/config';
import { openDatabase, type DatabaseHandle } from '#server/db/client';
import { acquireDataDirLock } from '#server/db/data-dir-lock';

import { databaseOptions } from '../tests/support/database-options.ts';

export async function withConfiguredDatabase<T>(
  run: (handle: DatabaseHandle, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig(process.env);
  const options = databaseOptions(config);
  const release =
    options.engine === 'pglite' ? acquireDataDirLock(options.dataDir ?? '') : () => {};
  try {
    const handle = await openDatabase(options);
    try {
      return await run(handle, config);
    } finally {
      await handle.close();
    }
  } finally {
    release();
  }
}
