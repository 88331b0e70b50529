import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often PGlite's table statistics are gathered again. */
const STATISTICS_EVERY_MS = 60 * 60 * 1000;

/**
 * PGlite runs no autovacuum daemon, so nothing would ever gather the table statistics the
 * planner uses to choose an index; without them it guesses one row everywhere and picks the
 * wrong index on joins. The API runs ANALYZE on PGlite when it starts and every hour after.
 * PostgreSQL's autovacuum does this on its own, so nothing runs there.
 */
async function pgliteStatisticsPlugin(app: FastifyInstance) {
  if (app.database.engine !== 'pglite') return;
  app.jobs.every('pglite-statistics', STATISTICS_EVERY_MS, () => app.db.execute(sql`analyze`), {
    runAtStart: true,
  });
}

export default fp(pgliteStatisticsPlugin, {
  name: 'pglite-statistics',
  dependencies: ['jobs'],
});
