import type { FastifyPluginAsync } from 'fastify';

import { sharedLimiter } from '../upwork/service.ts';
import { purgeDeletedTransactions, transactionSyncRound } from './service.ts';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The ledger's background work: the Upwork transaction sync every TRANSACTION_SYNC_SECONDS (0
 * turns it off), one job per connected user (the Sync button runs it for one user at any time),
 * and the purge of rows deleted more than 30 days ago, at start and then every 6 h.
 */
const transactionSyncSchedule: FastifyPluginAsync = async (app) => {
  app.jobs.every('transaction-purge', PURGE_EVERY_MS, () => purgeDeletedTransactions(app.db), {
    runAtStart: true,
  });
  const seconds = app.config.upwork.transactionSyncSeconds;
  if (seconds <= 0) return;
  const deps = { db: app.db, config: app.config, limiter: sharedLimiter(app.config) };
  app.jobs.everyForEachUser('transaction-sync', seconds * 1000, transactionSyncRound(deps));
};

export default transactionSyncSchedule;
