import type { FastifyPluginAsync } from 'fastify';

import { DiskFileStore } from '../../storage/disk-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { purgeExpiredItems } from './service.ts';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export type PortfolioPurgeOptions = {
  /** The store the portfolio routes use (disk under UPLOADS_DIR unless given). */
  store?: FileStore;
};

/** Items binned longer than the undo window are purged with their files: at start, then every 6 h. */
const portfolioPurgeSchedule: FastifyPluginAsync<PortfolioPurgeOptions> = async (app, options) => {
  const deps = { db: app.db, store: options.store ?? new DiskFileStore(app.config.uploadsDir) };
  app.jobs.every('portfolio-purge', PURGE_EVERY_MS, () => purgeExpiredItems(deps), {
    runAtStart: true,
  });
};

export default portfolioPurgeSchedule;
