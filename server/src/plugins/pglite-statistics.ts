import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Database } from '../db/client.ts';

/** How often PGlite's table statistics are gathered again. */
const STATISTICS_EVERY_MS = 60 * 60 * 1000;

/**
 * PGlite runs no autovacuum daemon, so nothing would ever gather the table statistics the
 * planner uses to choose an index; without them it guesses one row everywhere and picks the
 * wrong index on joins. The API runs ANALYZE on PGlite every hour, and when it starts if a table
 * has never had statistics (a new database, a new table): statistics are stored with the data, so
 * a restart does not wait behind an ANALYZE of tables that have them.
 * PostgreSQL's autovacuum does this on its own, so nothing runs there.
 */
async function pgliteStatisticsPlugin(app: FastifyInstance) {
  if (app.database.engine !== 'pglite') return;
  let started = false;
  const gather = async () => {
    const atStart = !started;
    started = true;
    if (atStart && !(await someTableLacksStatistics(app.db))) return;
    await app.db.execute(sql`analyze`);
  };
  app.jobs.every('pglite-statistics', STATISTICS_EVERY_MS, gather, { runAtStart: true });
}

/** True when a table of the app has never been analyzed (its planner row count is -1). */
async function someTableLacksStatistics(db: Database): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0
    ) as lacking`,
  )) as unknown as { rows: Array<{ lacking: boolean }> };
  return result.rows[0]?.lacking === true;
}

export default fp(pgliteStatisticsPlugin, {
  name: 'pglite-statistics',
  dependencies: ['jobs'],
});
