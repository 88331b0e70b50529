import type { FastifyPluginAsync } from 'fastify';

import { purgeExpiredLeads } from './service.ts';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Leads in the bin longer than the undo window are deleted for good: at start, then every 6 h. */
const leadPurgeSchedule: FastifyPluginAsync = async (app) => {
  app.jobs.every('lead-purge', PURGE_EVERY_MS, () => purgeExpiredLeads(app.db), {
    runAtStart: true,
  });
};

export default leadPurgeSchedule;
