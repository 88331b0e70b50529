import type { FastifyPluginAsync } from 'fastify';

import { purgeOldNotifications } from './service.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Alerts past the retention period are deleted: at start, then every hour. */
const notificationPurgeSchedule: FastifyPluginAsync = async (app) => {
  app.jobs.every('notification-purge', PURGE_EVERY_MS, () => purgeOldNotifications(app.db), {
    runAtStart: true,
  });
};

export default notificationPurgeSchedule;
