import { join } from 'node:path';

import type { Config } from '#server/config';
import type { OpenDatabaseOptions } from '#server/db/client';

/**
 * The database the API opens for a config: PostgreSQL with DATABASE_URL, otherwise PGlite files
 * under DATA_DIR. Must match server/src/main.ts, so a seed run opens the same files.
 */
export function databaseOptions(config: Config): OpenDatabaseOptions {
  if (config.databaseUrl) return { engine: 'postgres', url: config.databaseUrl };
  return { engine: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}
